/**
 * Vitest global setup of the `server` project.
 *
 * PGlite (default): migrates and seeds a database once (`demo-template.ts`); every test file opens its own in-memory
 * copy of it.
 * PostgreSQL (`PODIUM_TEST_DB=postgres`): uses the server on 127.0.0.1:5432 (user postgres, trust; or
 * `PODIUM_TEST_PG_URL`) when it
 * answers, otherwise starts a throwaway cluster (STACK-NOTES: initdb as user `postgres` into a temp dir,
 * pg_ctl on a free port) and stops and deletes it at teardown. Test files create and drop their own
 * databases (`test/server/helpers.ts`); teardown drops any this run left behind.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/runtime';
import { seedTemplate } from './demo-template';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL server (to the `postgres` database), or null on PGlite. */
    pgAdminUrl: string | null;
    /** Prefix of the databases this run creates. */
    pgDatabasePrefix: string;
    /** PGlite mode: path of a migrated, empty data-directory tarball each test file starts from. */
    pgliteTemplatePath: string | null;
    /** PostgreSQL mode: a migrated, empty database each test file's database is created from (a file copy). */
    pgTemplateDatabase: string | null;
  }
}

const PG_BIN = process.env.PODIUM_PG_BIN ?? '/usr/lib/postgresql/15/bin';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A TCP port on 127.0.0.1 that the OS says is free now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb refuses root). */
function runPg(binary: string, args: string[]) {
  const command = join(PG_BIN, binary);
  if (process.getuid?.() === 0) {
    const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: 'pipe' });
  } else {
    execFileSync(command, args, { stdio: 'pipe' });
  }
}

export default async function setup(project: TestProject) {
  const prefix = `podium_test_${process.pid}_${Date.now().toString(36)}`;
  project.provide('pgDatabasePrefix', prefix);
  if (process.env.PODIUM_TEST_DB !== 'postgres') {
    project.provide('pgAdminUrl', null);
    project.provide('pgTemplateDatabase', null);
    // initdb in PGlite takes seconds, and so does the demo seed; do both (and the migrations) once and let every file
    // load the result.
    const dir = mkdtempSync(join(tmpdir(), 'podium-pglite-'));
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await seedTemplate(database.db);
    // A test file's database holds a few hundred rows: 16 MB of shared buffers instead of PGlite's 128 MB, which its
    // start zeroes, makes each file's open about 0.4 s of CPU cheaper. Kept in the copy's postgresql.auto.conf.
    await database.pglite!.exec(`alter system set shared_buffers = '16MB'`);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const path = join(dir, 'template.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', path);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('pgliteTemplatePath', null);

  // PODIUM_TEST_PG_URL points at another server (or at a closed port, to exercise the throwaway cluster).
  let adminUrl = process.env.PODIUM_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let stopCluster: (() => void) | undefined;
  if (!(await reachable(adminUrl))) {
    const dir = mkdtempSync(join(tmpdir(), 'podium-pg-'));
    const dataDir = join(dir, 'data');
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    else chownSync(dir, process.getuid!(), process.getgid!());
    const port = await freePort();
    runPg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale']);
    runPg('pg_ctl', ['-D', dataDir, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', '-l', join(dir, 'log'), 'start']);
    adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    stopCluster = () => {
      try {
        runPg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  }
  project.provide('pgAdminUrl', adminUrl);
  // Migrating a database and seeding the demo take seconds; do both once and let every file's database be a copy of
  // the result.
  const templateName = `${prefix}_template`;
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateName}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${templateName}"`);
  await admin.end();
  const template = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: 'memory://' });
  await seedTemplate(template.db);
  await template.close();
  project.provide('pgTemplateDatabase', templateName);
  console.log(`server tests on PostgreSQL at ${new URL(adminUrl).host}${stopCluster ? ' (throwaway cluster)' : ''}`);

  return async () => {
    try {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
      await client.end();
    } finally {
      stopCluster?.();
    }
  };
}
