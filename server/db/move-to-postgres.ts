/**
 * The move of a club's embedded database (PGlite in `PODIUM_DATA_DIR`) into an empty PostgreSQL database
 * (`npm run db:move-to-postgres -- <postgres-url>`, docs/deploy.md, decision 0089). In order:
 * 1. refuse a target that holds a Podium row or a table that is not Podium's;
 * 2. the schema, by the committed migrations (the source is migrated to the same release first);
 * 3. the media files, from the embedded data directory's store to the configured one (when they differ);
 * 4. the rows of every table of `server/db/schema`, parents before children (the order is derived from the foreign
 *    keys PostgreSQL enforces), each as the source's own text form (`to_jsonb` → `jsonb_populate_recordset`), so no
 *    value passes through a JavaScript type; then every sequence (the member numbers' identity) set past the
 *    largest value copied;
 * 5. a check, inside the same transaction: rows per table and the ledger's sum per member on both sides. A
 *    mismatch rolls everything back, so a target is either a full copy or left empty.
 * Sessions are rows like any other (token hashes), so members stay signed in.
 */
import type { PGlite } from '@electric-sql/pglite';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import type { MediaStorage } from '../lib/storage/media-object';

/** Source rows read per query; a batch is also cut when its text passes BATCH_BYTES (seeded images are bytea). */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

/** What the move did, for the command to print. */
type MoveReport = {
  /** Every table in copy order, with its rows on each side. */
  tables: { table: string; source: number; target: number }[];
  /** Sequences set past the largest copied value (`users_member_number_seq`, ...). */
  sequences: string[];
  /** The ledger (`point_transactions`) summed per member on each side. */
  ledger: { members: number; points: number; mismatchedMembers: string[] };
  media: { copied: number; missing: string[]; skipped: boolean };
};

/** Thrown when the move must not go on (a non-empty target, a mismatch); `message` says why, for the operator. */
export class MoveError extends Error {
  constructor(
    message: string,
    readonly report?: MoveReport,
  ) {
    super(message);
    this.name = 'MoveError';
  }
}

/** Names of the tables `server/db/schema` defines (all in `public`). */
function schemaTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table).name);
}

/**
 * `tables` ordered so that every table comes after the tables its foreign keys point to (Kahn's algorithm; ties
 * keep alphabetical order so the order is the same on every run).
 * @param references table -> the tables it references (self-references are ignored: one statement inserts a
 *   whole table, and PostgreSQL checks a statement's own rows at its end)
 * @throws MoveError on a cycle between tables (none in Podium's schema; a copy would need deferred constraints)
 */
export function dependencyOrder(tables: string[], references: Map<string, Set<string>>): string[] {
  const pending = new Map(
    tables.map((table) => [table, new Set([...(references.get(table) ?? [])].filter((to) => to !== table && tables.includes(to)))]),
  );
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending]
      .filter(([, parents]) => parents.size === 0)
      .map(([table]) => table)
      .sort();
    if (ready.length === 0) throw new MoveError(`foreign keys form a cycle between ${[...pending.keys()].join(', ')}`);
    for (const table of ready) {
      order.push(table);
      pending.delete(table);
      for (const parents of pending.values()) parents.delete(table);
    }
  }
  return order;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Rows of each table and the ledger per member, read the same way on either side. */
async function countsAndLedger(query: <T>(text: string) => Promise<T[]>, tables: string[]) {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await query<{ n: string }>(`select count(*)::text as n from public.${quote(table)}`);
    counts.set(table, Number(row.n));
  }
  const sums = await query<{ user_id: string; points: string }>(
    'select user_id::text as user_id, sum(amount)::text as points from public.point_transactions group by user_id',
  );
  return { counts, ledger: new Map(sums.map((row) => [row.user_id, BigInt(row.points)])) };
}

/** The tables of the `public` schema (partitions counted in their parent). */
async function publicTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition",
  );
  return rows.map((row) => row.name);
}

/**
 * Refuses a target that is not empty: a row in any Podium table, or a table in `public` that Podium does not
 * define (another application's database). Podium's own empty tables (a move that failed and rolled back, a
 * server that migrated but never seeded) are fine.
 * @throws MoveError naming what was found
 */
async function checkTargetEmpty(client: pg.Client, tables: string[]) {
  const rows = (await publicTables(client)).map((name) => ({ name }));
  const foreign = rows.map((row) => row.name).filter((name) => !tables.includes(name));
  if (foreign.length > 0)
    throw new MoveError(`the target is not empty: it has tables Podium does not define (${foreign.sort().join(', ')})`);
  const withRows: string[] = [];
  for (const { name } of rows) {
    const result = await client.query(`select 1 from public.${quote(name)} limit 1`);
    if (result.rowCount) withRows.push(name);
  }
  if (withRows.length > 0) throw new MoveError(`the target is not empty: ${withRows.sort().join(', ')} already hold rows`);
}

/**
 * Moves the embedded database into the PostgreSQL database at `options.targetUrl`.
 * @param options.source the embedded database, already migrated (`openDatabase` on PODIUM_DATA_DIR)
 * @param options.targetUrl PostgreSQL URL of an empty database
 * @param options.migrateTarget applies the committed migrations to the target (`openDatabase` on its URL)
 * @param options.media the stores to copy the media files between; omitted when they are one and the same
 * @param options.log progress lines
 * @returns the report (also when nothing was wrong)
 * @throws MoveError when the target is not empty or the check finds a difference (nothing is committed then)
 */
export async function moveToPostgres(options: {
  source: PGlite;
  targetUrl: string;
  migrateTarget: () => Promise<void>;
  media?: { from: MediaStorage; to: MediaStorage };
  log: (line: string) => void;
}): Promise<MoveReport> {
  const { source, log } = options;
  const tables = schemaTableNames();
  const client = new pg.Client({ connectionString: options.targetUrl });
  await client.connect();
  try {
    await checkTargetEmpty(client, tables);
    log('target is empty; applying the migrations');
    await options.migrateTarget();
    // A table the migrations create but the schema files do not name would be left behind: refuse, loudly.
    const unknown = (await publicTables(client)).filter((name) => !tables.includes(name));
    if (unknown.length > 0)
      throw new MoveError(
        `the migrations create tables server/db/schema does not define (${unknown.join(', ')}); they would not be copied`,
      );

    const media: MoveReport['media'] = { copied: 0, missing: [], skipped: !options.media };
    if (options.media) {
      const { rows } = await source.query<{ key: string }>(
        'select distinct storage_key as key from public.media where storage_key is not null order by 1',
      );
      for (const { key } of rows) {
        // Streamed from store to store: a 200 MB video is never held whole in memory.
        const object = await options.media.from.read(key);
        if (object === null) media.missing.push(key);
        else {
          await options.media.to.put(key, object.body);
          media.copied++;
        }
      }
      log(`media: ${media.copied} files copied${media.missing.length ? `, ${media.missing.length} missing in the source` : ''}`);
    }

    // The foreign keys PostgreSQL will enforce (the migrations' own, whatever the schema files declare).
    const { rows: keys } = await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public'`,
    );
    const references = new Map<string, Set<string>>();
    for (const { child, parent } of keys) references.set(child, (references.get(child) ?? new Set()).add(parent));
    const order = dependencyOrder(tables, references);
    const selfReferencing = new Set(keys.filter((k) => k.child === k.parent).map((k) => k.child));

    await client.query('begin');
    try {
      for (const table of order) {
        const { rows: columns } = await client.query<{ name: string }>(
          `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
          [`public.${quote(table)}`],
        );
        const list = columns.map((column) => quote(column.name)).join(', ');
        const insert = `insert into public.${quote(table)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::public.${quote(table)}, $1::jsonb)`;
        let pendingRows: string[] = [];
        let pendingBytes = 0;
        const flush = async () => {
          if (pendingRows.length === 0) return;
          await client.query(insert, [`[${pendingRows.join(',')}]`]);
          pendingRows = [];
          pendingBytes = 0;
        };
        // Keyset paging on the physical row id: nothing writes to the source while it is being read.
        let after = '(0,0)';
        for (;;) {
          const { rows } = await source.query<{ row: string; ctid: string }>(
            `select to_jsonb(t)::text as row, t.ctid::text as ctid from public.${quote(table)} t where t.ctid > $1::tid order by t.ctid limit ${BATCH_ROWS}`,
            [after],
          );
          for (const { row } of rows) {
            pendingRows.push(row);
            pendingBytes += row.length;
            // A table that references itself goes in one statement (see dependencyOrder).
            if (pendingBytes > BATCH_BYTES && !selfReferencing.has(table)) await flush();
          }
          if (rows.length < BATCH_ROWS) break;
          after = rows.at(-1)!.ctid;
        }
        await flush();
      }

      // Identity and serial columns: the next value comes after the largest copied one.
      const { rows: sequences } = await client.query<{ sequence: string; table: string; column: string }>(
        `select s.relname as sequence, t.relname as table, a.attname as column from pg_class s
           join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
           join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
           join pg_namespace n on n.oid = t.relnamespace
         where s.relkind = 'S' and n.nspname = 'public' order by 1`,
      );
      for (const { sequence, table, column } of sequences) {
        await client.query(
          `select setval($1::regclass, coalesce((select max(${quote(column)}) from public.${quote(table)}), 0) + 1, false)`,
          [`public.${quote(sequence)}`],
        );
      }

      const before = await countsAndLedger(async (text) => (await source.query(text)).rows as never[], order);
      const after = await countsAndLedger(async (text) => (await client.query(text)).rows as never[], order);
      const members = new Set([...before.ledger.keys(), ...after.ledger.keys()]);
      const mismatchedMembers = [...members].filter((member) => before.ledger.get(member) !== after.ledger.get(member)).sort();
      const report: MoveReport = {
        tables: order.map((table) => ({ table, source: before.counts.get(table)!, target: after.counts.get(table)! })),
        sequences: sequences.map((s) => s.sequence),
        ledger: { members: before.ledger.size, points: Number([...before.ledger.values()].reduce((a, b) => a + b, 0n)), mismatchedMembers },
        media,
      };
      const mismatchedTables = report.tables.filter((t) => t.source !== t.target);
      if (mismatchedTables.length > 0 || mismatchedMembers.length > 0) {
        throw new MoveError(
          `the copy differs from the source (${mismatchedTables.length} tables, ${mismatchedMembers.length} members' ledger sums); nothing was committed`,
          report,
        );
      }
      await client.query('commit');
      return report;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }
}

/** The report as the lines the command prints: rows per table on both sides, sequences, the ledger check, media. */
export function formatReport(report: MoveReport): string[] {
  const width = Math.max(...report.tables.map((t) => t.table.length), 5);
  const lines = [`${'table'.padEnd(width)}  ${'source'.padStart(8)}  ${'target'.padStart(8)}`];
  for (const t of report.tables) {
    lines.push(
      `${t.table.padEnd(width)}  ${String(t.source).padStart(8)}  ${String(t.target).padStart(8)}${t.source === t.target ? '' : '  MISMATCH'}`,
    );
  }
  lines.push(`sequences set past the copied values: ${report.sequences.join(', ') || 'none'}`);
  const { ledger } = report;
  lines.push(
    ledger.mismatchedMembers.length === 0
      ? `ledger: ${ledger.members} members, ${ledger.points} points in all; every member's sum is the same on both sides`
      : `ledger: MISMATCH for ${ledger.mismatchedMembers.length} members: ${ledger.mismatchedMembers.slice(0, 10).join(', ')}`,
  );
  lines.push(
    report.media.skipped
      ? "media: the configured store is the data directory's own; nothing to copy"
      : `media: ${report.media.copied} files copied${report.media.missing.length ? `; missing in the source: ${report.media.missing.join(', ')}` : ''}`,
  );
  return lines;
}
