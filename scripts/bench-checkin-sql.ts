/**
 * `npm run bench:checkin-sql`: the check-ins a second PostgreSQL itself can take on this machine, with no
 * application in the way: pgbench (PostgreSQL's own load generator, written in C) replays the statements of one
 * keyed check-in (`scripts/pgbench/checkin.sql`) from `BENCH_CLIENTS` connections (default 20, the server's pool
 * size) for `BENCH_SECONDS` each (default 15), unprepared (extended protocol, unnamed statements),
 * as named prepared statements, and prepared without the leaderboards' trigger or without the Idempotency-Key
 * record. It is the ceiling `npm run bench:stadium`'s check-in figure can reach with one transaction per request.
 *
 * Creates a throwaway database on `BENCH_PG_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`), applies
 * the migrations, seeds one organization with 10,000 members and drops the database at the end, whatever happens.
 * Needs `pgbench` (Debian's postgresql-client package) on PATH or in /usr/lib/postgresql/<version>/bin.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/runtime';
import { createOrganization } from '../server/seed/factories';
import { runStatement } from './lib/postgres';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `podium_bench_checkin_sql_${process.pid}`;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MEMBERS = 10_000;
const SCRIPT = fileURLToPath(new URL('./pgbench/checkin.sql', import.meta.url));

/** The pgbench binary: on PATH, else the newest under /usr/lib/postgresql. */
function findPgbench(): string {
  if (spawnSync('pgbench', ['--version']).status === 0) return 'pgbench';
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => `${root}/${v}/bin/pgbench`).find((path) => existsSync(path));
  if (!found) throw new Error('pgbench not found: install postgresql-client');
  return found;
}

/**
 * Runs pgbench on `script` with `mode` (extended or prepared) and returns its transactions per second.
 * @throws Error with pgbench's output when it fails or a transaction failed
 */
function pgbench(binary: string, url: string, mode: 'extended' | 'prepared', script: string): number {
  const run = spawnSync(binary, ['-n', '-M', mode, '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-f', script, url], {
    encoding: 'utf8',
  });
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  if (run.status !== 0 || !tps || !/failed transactions: 0 /.test(run.stdout))
    throw new Error(`pgbench failed:\n${run.stdout}\n${run.stderr}`);
  return Number(tps);
}

const binary = findPgbench();
await runStatement(ADMIN_URL, `create database "${NAME}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
try {
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 2, poolTimeoutMs: 60_000 });
  try {
    const { db } = database;
    const organization = await createOrganization(db, { name: 'Bench FC', publicKey: 'pk_bench_checkin_sql', timeZone: 'Europe/Paris' });
    // The script finds member n by the uuid md5('u' || n).
    await db.execute(sql`insert into users (id, organization_id, email)
      select md5('u' || n)::uuid, ${organization.id}, 'u' || n || '@bench.example' from generate_series(1, ${MEMBERS}) n`);
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  const statements = readFileSync(SCRIPT, 'utf8');
  const withoutKey = `${mkdtempSync(`${tmpdir()}/podium-pgbench-`)}/checkin-without-key.sql`;
  writeFileSync(
    withoutKey,
    statements
      .split('\n')
      .filter((line) => !line.includes('idempotency_records'))
      .join('\n'),
  );

  const rows: Array<[string, number]> = [];
  rows.push(['unprepared (extended protocol, unnamed statements)', pgbench(binary, url.toString(), 'extended', SCRIPT)]);
  rows.push(['named prepared statements', pgbench(binary, url.toString(), 'prepared', SCRIPT)]);
  await runStatement(url.toString(), 'alter table point_transactions disable trigger point_transactions_leaderboard');
  rows.push(['prepared, without the leaderboards trigger', pgbench(binary, url.toString(), 'prepared', SCRIPT)]);
  await runStatement(url.toString(), 'alter table point_transactions enable trigger point_transactions_leaderboard');
  rows.push(['prepared, without the Idempotency-Key record', pgbench(binary, url.toString(), 'prepared', withoutKey)]);

  console.log(`\n| keyed check-ins, PostgreSQL alone (pgbench, ${CLIENTS} connections, ${SECONDS} s each) | per second |`);
  console.log('| --- | --- |');
  for (const [label, tps] of rows) console.log(`| ${label} | ${Math.round(tps).toLocaleString('en')} |`);
} finally {
  await runStatement(ADMIN_URL, `drop database if exists "${NAME}" with (force)`);
}
