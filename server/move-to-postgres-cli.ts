/**
 * `npm run db:move-to-postgres -- <postgres-url>`: copies the embedded database of `PODIUM_DATA_DIR` (and its media
 * files, to the store the server is configured with: `MEDIA_STORAGE=s3`'s bucket, or `MEDIA_DIR` when set) into an
 * empty PostgreSQL database, then
 * prints the rows per table and the ledger check (`server/db/move-to-postgres.ts`, docs/deploy.md).
 * Run it with the server stopped: nothing may write to the embedded database during the copy.
 * Exit codes: 0 moved, 1 refused or failed (a non-empty target, a difference; nothing committed), 2 usage.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from './db/runtime';
import { formatReport, moveToPostgres, MoveError } from './db/move-to-postgres';
import { processEnv } from './env';
import { mediaStorageFor } from './lib/storage/media-storage';

const USAGE = 'usage: npm run db:move-to-postgres -- <postgres-url>   (reads the embedded database in PODIUM_DATA_DIR)';

/** Runs the command; returns the process exit code. */
async function main(argv: string[]): Promise<number> {
  const [targetUrl] = argv;
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    console.error(USAGE);
    return 2;
  }
  const env = processEnv();
  const dataDir = env.PODIUM_DATA_DIR;
  // openDatabase would create an empty database in a missing directory: a typo must not "move" nothing.
  if (dataDir.startsWith('memory://') || !existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`No embedded database in PODIUM_DATA_DIR=${dataDir} (no PG_VERSION file there)`);
    return 1;
  }
  const source = await openDatabase({ databaseUrl: null, dataDir });
  // The store the server will serve from after the move (as server/main.ts builds it), and the data directory's own.
  const sourceMedia = join(dataDir, 'media');
  const sameStore = env.MEDIA_STORAGE === 'file' && (!env.MEDIA_DIR || resolve(env.MEDIA_DIR) === resolve(sourceMedia));
  try {
    const report = await moveToPostgres({
      source: source.pglite!,
      targetUrl,
      migrateTarget: async () => (await openDatabase({ databaseUrl: targetUrl, dataDir, poolSize: 1 })).close(),
      media: sameStore
        ? undefined
        : { from: mediaStorageFor({ ...env, MEDIA_STORAGE: 'file', MEDIA_DIR: sourceMedia }), to: mediaStorageFor(env) },
      log: (line) => console.log(line),
    });
    for (const line of formatReport(report)) console.log(line);
    console.log(`moved: start the server with DATABASE_URL=<that url> and the same AUTH_SECRET${sameStore ? '' : ' and media settings'}`);
    return 0;
  } catch (error) {
    if (!(error instanceof MoveError)) throw error;
    if (error.report) for (const line of formatReport(error.report)) console.error(line);
    console.error(`not moved: ${error.message}`);
    return 1;
  } finally {
    await source.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
