/**
 * Process entry (`npm run serve`): parse the environment, open the database (PGlite or PostgreSQL) and apply
 * migrations, seed the demo organization on an empty database, serve HTTP (traced with OpenTelemetry when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set), keep uploaded media bytes on disk (decision 0041), purge expired rows and
 * unused uploads hourly, and shut down cleanly on SIGTERM/SIGINT.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { purgeExpired } from './domain/housekeeping';
import { processEnv } from './env';
import { createLogger } from './lib/logger';
import { seedIfEmpty } from './seed';
import { diskStorage, storageForDataDir } from './storage/media-storage';

const env = processEnv();
const logger = createLogger(env.LOG_LEVEL);

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.PODIUM_DATA_DIR });
logger.info(
  database.engine === 'postgres' ? 'database: PostgreSQL (DATABASE_URL)' : `database: embedded PGlite (${env.PODIUM_DATA_DIR})`,
);
if (await seedIfEmpty(database.db, { organizationKey: env.ORGANIZATION_KEY })) {
  logger.info(`seeded the demo organization Alpine Racing (organization key ${env.ORGANIZATION_KEY})`);
}

const storage = env.MEDIA_DIR ? diskStorage(env.MEDIA_DIR) : storageForDataDir(env.PODIUM_DATA_DIR);
const { app } = createApp({ db: database.db, env, logger, storage });
// OpenTelemetry (decision 0032): loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const telemetry = env.OTEL_EXPORTER_OTLP_ENDPOINT ? await import('./telemetry') : null;
const stopTelemetry = telemetry?.startServerTelemetry(env) ?? null;
if (stopTelemetry) logger.info(`traces: OTLP/HTTP to ${env.OTEL_EXPORTER_OTLP_ENDPOINT}`);
const fetchHandler = telemetry ? telemetry.traceRequests(app.fetch) : app.fetch;
const server = serve({ fetch: fetchHandler, port: env.PORT, hostname: env.HOST }, (info) => {
  const mail = env.SMTP_URL ? 'sign-in codes are sent by e-mail' : 'sign-in codes are printed here';
  console.log(`Podium is running at http://localhost:${info.port} (${mail})`);
});

const housekeeping = setInterval(() => {
  purgeExpired(database.db, new Date(), storage).catch((error) => logger.warn('housekeeping failed', { error: String(error) }));
}, 60 * 60 * 1000);
housekeeping.unref();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, shutting down`);
  clearInterval(housekeeping);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await stopTelemetry?.().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  });
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
