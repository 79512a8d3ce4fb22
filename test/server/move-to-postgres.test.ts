/**
 * `npm run db:move-to-postgres -- <url>` (docs/deploy.md): a club's embedded database, with a member
 * who signed in, earned points and uploaded an avatar, moves into a fresh PostgreSQL database; the server started
 * on the result keeps the member signed in with the same balance and serves the avatar from the configured store,
 * a new member can join (the member numbers' sequence continues), and a second move into the now full database is
 * refused. PostgreSQL only (PODIUM_TEST_DB=postgres): the target is a PostgreSQL database this test creates.
 *
 * The command and the servers run as `serverEntryArgs` says: from the sources through tsx, or compiled under `npm test`
 * (what the npm script runs).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiHeaders, serverEntryArgs, signInFan, startServer, type RunningServer } from '../../scripts/lib/server';
import { dependencyOrder } from '../../server/db/move-to-postgres';
import { freePort } from './global-setup';
import { createPostgresDatabase, dropPostgresDatabase, ORG_KEY } from './helpers';

const START_TIMEOUT = 120_000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Runs the move command with `env`; resolves with its exit code and output. */
function move(targetUrl: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverEntryArgs('move-to-postgres-cli'), targetUrl], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('the copy order', () => {
  it('puts every table after the tables it references, ignores a table referencing itself, and refuses a cycle', () => {
    const references = new Map([
      ['point_transactions', new Set(['users', 'organizations'])],
      ['users', new Set(['organizations', 'users'])],
      ['sessions', new Set(['users'])],
    ]);
    expect(dependencyOrder(['sessions', 'point_transactions', 'users', 'organizations'], references)).toEqual([
      'organizations',
      'users',
      'point_transactions',
      'sessions',
    ]);
    expect(() =>
      dependencyOrder(
        ['a', 'b'],
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).toThrow(/cycle between a, b/);
  });
});

const adminUrl = inject('pgAdminUrl');

describe.skipIf(!adminUrl)('moving an embedded database to PostgreSQL', () => {
  const name = `${inject('pgDatabasePrefix')}_move_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  let dir: string;
  let dataDir: string;
  let mediaDir: string;
  const email = `moving-${randomUUID().slice(0, 8)}@fans.example`;
  let databaseUrl: string;
  let token: string;
  let points: number;
  let avatarId: string;
  let moved: { code: number | null; out: string };
  let server: RunningServer | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-move-'));
    dataDir = join(dir, 'data');
    mediaDir = join(dir, 'store');
    databaseUrl = await createPostgresDatabase(adminUrl!, name);
    // The club on the embedded database: seeded on first start; a member signs in, checks in and uploads an avatar.
    const embedded = await startServer(
      await freePort(),
      { ORGANIZATION_KEY: ORG_KEY, STATIC_DIR: './test-no-dist', PODIUM_DATA_DIR: dataDir, DATABASE_URL: '' },
      { startTimeoutMs: START_TIMEOUT },
    );
    try {
      token = await signInFan(embedded, email);
      const headers = await apiHeaders(embedded, token);
      const checkin = await fetch(`${embedded.baseUrl}/api/checkin`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: '{}',
      });
      expect(checkin.status).toBe(201);
      const upload = await fetch(`${embedded.baseUrl}/api/media`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: PNG,
      });
      expect(upload.status).toBe(201);
      avatarId = ((await upload.json()).data.name as string).split('.')[0];
      const me = await (await fetch(`${embedded.baseUrl}/api/user/me`, { headers })).json();
      points = me.data.points;
    } finally {
      await embedded.stop();
    }
    moved = await move(databaseUrl, { PODIUM_DATA_DIR: dataDir, MEDIA_DIR: mediaDir });
  }, 3 * START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    await dropPostgresDatabase(adminUrl!, name);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table and prints the rows per table and the ledger check', () => {
    expect(moved.code, moved.out).toBe(0);
    expect(points).toBeGreaterThan(0);
    expect(moved.out).toMatch(/^users\s+(\d+)\s+\1$/m);
    expect(moved.out).toMatch(/^sessions\s+(\d+)\s+\1$/m);
    expect(moved.out).toMatch(/^point_transactions\s+(\d+)\s+\1$/m);
    expect(moved.out).not.toContain('MISMATCH');
    expect(moved.out).toMatch(/ledger: \d+ members, \d+ points in all; every member's sum is the same on both sides/);
    expect(moved.out).toContain('sequences set past the copied values: users_member_number_seq');
    expect(moved.out).toContain('media: 1 files copied');
    expect(existsSync(join(mediaDir, avatarId))).toBe(true);
  });

  it('the server on the moved database keeps the member signed in, with the same balance and avatar, and lets a new member join', async () => {
    server = await startServer(
      await freePort(),
      {
        ORGANIZATION_KEY: ORG_KEY,
        STATIC_DIR: './test-no-dist',
        DATABASE_URL: databaseUrl,
        MEDIA_DIR: mediaDir,
        PODIUM_DATA_DIR: join(dir, 'unused'),
      },
      { startTimeoutMs: START_TIMEOUT },
    );
    const headers = await apiHeaders(server, token);
    const me = await fetch(`${server.baseUrl}/api/user/me`, { headers });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body.data.email).toBe(email);
    expect(body.data.points).toBe(points);
    const avatar = await fetch(`${server.baseUrl}/api/media/${avatarId}`, { headers });
    expect(avatar.status).toBe(200);
    expect(Buffer.from(await avatar.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    // A new member gets the next member number: the sequence continues after the copied ones.
    const newcomer = await signInFan(server, `newcomer-${randomUUID().slice(0, 8)}@fans.example`);
    expect((await fetch(`${server.baseUrl}/api/user/me`, { headers: await apiHeaders(server, newcomer) })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  });

  it('refuses a target that is not empty, and changes nothing in it', async () => {
    const again = await move(databaseUrl, { PODIUM_DATA_DIR: dataDir, MEDIA_DIR: mediaDir });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/not moved: the target is not empty: .*users.* already hold rows/);
    const me = await (await fetch(`${server!.baseUrl}/api/user/me`, { headers: await apiHeaders(server!, token) })).json();
    expect(me.data.points).toBe(points);
  });

  it('refuses a data directory that holds no embedded database', async () => {
    const missing = await move(databaseUrl, { PODIUM_DATA_DIR: join(dir, 'no-such-dir') });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('No embedded database in PODIUM_DATA_DIR=');
  });
});
