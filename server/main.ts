/**
 * Process entry (`npm start` runs its compiled JavaScript, `npm run dev:server` runs it with tsx): parse the
 * environment, open the database (PGlite or PostgreSQL) and apply migrations, seed the demo organization on an
 * empty database, serve HTTP (traced with OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set), keep uploaded
 * media bytes on disk or in an S3 bucket (decisions 0041, 0088), run the background and scheduled work on the pg-boss
 * job queue in the same database once listening (decision 0094: pushes, and hourly the purge of expired rows and
 * unused uploads, the figures' rollup and points expiry with its reminders), answer the load balancer's `/healthz`
 * and `/readyz`, and shut down gracefully on SIGTERM/SIGINT (decision 0089: `/readyz` answers 503 at once, the job
 * queue stops taking jobs, requests are still accepted for SHUTDOWN_DELAY_MS, then the process stops accepting, lets
 * in-flight requests and jobs finish within 10 s, closes the database and exits 0).
 *
 * With `WEB_CONCURRENCY=N` (N > 1, PostgreSQL only) this process becomes a cluster primary that migrates and
 * seeds once, then forks N workers running this same file (`server/cluster.ts`, docs/decisions/0044).
 */
import cluster from 'node:cluster';
import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { runPrimary } from './cluster';
import { openDatabase } from './db/runtime';
import { processEnv, startupWarnings } from './env';
import { answerClientErrorsWithJson } from './lib/client-errors';
import { describeError } from './lib/error-description';
import { createJobQueue } from './jobs/job-queue';
import { createLogger } from './lib/logger';
import { seedIfEmpty } from './seed';
import { mediaStorageFor } from './lib/storage/media-storage';

/** How long in-flight requests may take to finish after SIGTERM before the process exits anyway (code 1). */
const SHUTDOWN_GRACE_MS = 10_000;

const env = processEnv();
const logger = createLogger(env.LOG_LEVEL);
const workers = env.WEB_CONCURRENCY;
// Decision 0042: unsafe production settings are shouted whatever LOG_LEVEL says (once, not per worker).
if (cluster.isPrimary) for (const warning of startupWarnings(env)) console.warn(`\n!!! WARNING: ${warning}\n`);

if (workers > 1 && cluster.isPrimary) {
  // PGlite is an engine inside one process: N processes cannot share its data directory.
  if (!env.DATABASE_URL) {
    console.error('WEB_CONCURRENCY > 1 needs DATABASE_URL (PostgreSQL): the embedded PGlite serves one process only');
    process.exit(1);
  }
  // Migrate and seed once, before any worker starts, so N workers never race on an empty database.
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.PODIUM_DATA_DIR, poolSize: 1 });
  if (await seedIfEmpty(database.db, { organizationKey: env.ORGANIZATION_KEY })) {
    logger.info(`seeded the demo organization Alpine Racing (organization key ${env.ORGANIZATION_KEY})`);
  }
  await database.close();
  logger.info(`database: PostgreSQL (DATABASE_URL); starting ${workers} server processes`);
  runPrimary({ workers, logger });
} else {
  await startServer();
}

/** Opens the database and serves HTTP on env.PORT until SIGTERM/SIGINT. */
async function startServer() {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.PODIUM_DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    poolTimeoutMs: env.DATABASE_POOL_TIMEOUT_MS,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
  });
  if (cluster.isPrimary) {
    logger.info(
      database.engine === 'postgres' ? 'database: PostgreSQL (DATABASE_URL)' : `database: embedded PGlite (${env.PODIUM_DATA_DIR})`,
    );
  }
  if (await seedIfEmpty(database.db, { organizationKey: env.ORGANIZATION_KEY })) {
    logger.info(`seeded the demo organization Alpine Racing (organization key ${env.ORGANIZATION_KEY})`);
  }

  const storage = mediaStorageFor(env);
  if (cluster.isPrimary) {
    logger.info(
      storage.kind === 's3' ? `media: S3 bucket ${env.S3_BUCKET}${env.S3_PREFIX ? `/${env.S3_PREFIX}` : ''}` : `media: ${storage.kind}`,
    );
  }
  // PGlite runs one statement at a time: requests beyond a few wait in line for their turn (decision 0064).
  const admission = database.engine === 'pglite' ? { concurrency: env.PGLITE_CONCURRENT_REQUESTS } : undefined;
  // `stopping` turns /readyz to 503 the moment a signal comes, so a balancer takes this process out first.
  const lifecycle = { stopping: false };
  // Started once the server listens; jobs queued before then wait for it (decision 0094).
  const jobQueue = createJobQueue({ database, logger });
  const { app, deps } = createApp({ db: database.db, env, logger, storage, admission, lifecycle, jobs: jobQueue });
  // OpenTelemetry (decision 0032): loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
  const telemetry = env.OTEL_EXPORTER_OTLP_ENDPOINT ? await import('./telemetry') : null;
  const stopTelemetry = telemetry?.startServerTelemetry(env) ?? null;
  if (stopTelemetry) logger.info(`traces: OTLP/HTTP to ${env.OTEL_EXPORTER_OTLP_ENDPOINT}`);
  const fetchHandler = telemetry ? telemetry.traceRequests(app.fetch) : app.fetch;
  const server = serve({ fetch: fetchHandler, port: env.PORT, hostname: env.HOST }, (info) => {
    const mail = env.SMTP_URL ? 'sign-in codes are sent by e-mail' : 'sign-in codes are printed here';
    const which = cluster.worker ? `, worker ${cluster.worker.id}` : '';
    console.log(`Podium is running at http://localhost:${info.port} (${mail}${which})`);
  });
  answerClientErrorsWithJson(server as HttpServer);
  // Idle keep-alive connections outlive a load balancer's idle timeout (60 s on the common ones) and a client's pause
  // between requests: Node's default of 5 s closes them while a client may be reusing one, which the client sees
  // as ECONNRESET on a request the server never read.
  (server as HttpServer).keepAliveTimeout = 65_000;
  (server as HttpServer).headersTimeout = 66_000;
  // While stopping, every response closes its connection, so a keep-alive client does not hold the process.
  server.on('request', (_request, response) => {
    if (lifecycle.stopping) response.setHeader('connection', 'close');
  });

  const queueStarted = jobQueue.start(deps);
  // Heard from here on, while the queue is still starting: a signal then shuts down gracefully too, instead of
  // Node's default of exiting at once with the requests already in flight.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    await queueStarted;
  } catch (error) {
    // A process without its queue would never send a scheduled push nor run housekeeping: better restarted.
    logger.error('job queue did not start', describeError(error));
    process.exit(1);
  }

  async function shutdown(signal: string) {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    logger.info(`${signal} received, shutting down`);
    // No new job from now on; the running ones finish within the grace time, or are retried by another process.
    const jobsStopped = queueStarted
      .then(() => jobQueue.stop(env.SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS))
      .catch((error) => logger.warn('job queue stop failed', describeError(error)));
    const force = setTimeout(() => {
      logger.error(`requests still running ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}; exiting`);
      process.exit(1);
    }, env.SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS);
    force.unref();
    // Still serving while the balancer notices /readyz's 503 and stops sending new requests here.
    if (env.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
    logger.info('no longer accepting connections; finishing the requests in flight');
    // close() stops accepting and closes idle keep-alive connections; its callback runs once the in-flight
    // requests have answered and their connections closed.
    server.close(() => {
      void (async () => {
        await stopTelemetry?.().catch(() => undefined);
        await jobsStopped;
        await database.close().catch(() => undefined);
        process.exit(0);
      })();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  }
}
