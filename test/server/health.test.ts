/**
 * `/healthz` and `/readyz` (docs/deploy.md): what a load balancer asks each server process. Runs on
 * PGlite and on PostgreSQL (PODIUM_TEST_DB=postgres). The SIGTERM drain behind a real nginx is in
 * `test/server/load-balancer.test.ts`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { mediaStorageFor } from '../../server/lib/storage/media-storage';
import { createTestContext, type TestContext } from './helpers';

describe('health and readiness', () => {
  const lifecycle = { stopping: false };
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ lifecycle });
  });
  afterAll(() => ctx?.close());

  it('/healthz answers 200 to anyone, without an organization key, and is never cached', async () => {
    const res = await ctx.request('GET', '/healthz', { token: null, orgToken: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz answers 200 when the database answers, every migration is applied and the store answers', async () => {
    const res = await ctx.request('GET', '/readyz', { token: null, orgToken: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('once the process is stopping, /readyz answers 503 while /healthz still answers 200', async () => {
    lifecycle.stopping = true;
    try {
      const ready = await ctx.request('GET', '/readyz', { token: null, orgToken: null });
      expect(ready.status).toBe(503);
      expect(ready.body.error).toMatchObject({ code: 'ServiceUnavailable', details: { checks: { shutdown: 'stopping' } } });
      expect((await ctx.request('GET', '/healthz', { token: null, orgToken: null })).status).toBe(200);
    } finally {
      lifecycle.stopping = false;
    }
  });

  it('/readyz answers 503 naming the migrations when the database lacks the newest one', async () => {
    const [newest] = (
      (await ctx.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await ctx.request('GET', '/readyz', { token: null, orgToken: null });
      expect(res.status).toBe(503);
      expect(res.body.error.details.checks).toEqual({ database: 'ok', migrations: 'failed', storage: 'ok' });
      expect(res.body.error.message).toBe('Not ready: migrations failed');
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await ctx.request('GET', '/readyz', { token: null, orgToken: null })).status).toBe(200);
  });
});

describe('readiness with a media store that cannot be read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podium-readyz-'));
  let ctx: TestContext;
  beforeAll(async () => {
    // A file where the media directory should be: every read fails (ENOTDIR), as with an unmounted volume.
    const notADirectory = join(dir, 'media');
    writeFileSync(notADirectory, 'not a directory');
    ctx = await createTestContext({ storage: mediaStorageFor(loadEnv({ MEDIA_DIR: notADirectory })) });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('/readyz answers 503 naming the store, and /healthz still 200', async () => {
    const res = await ctx.request('GET', '/readyz', { token: null, orgToken: null });
    expect(res.status).toBe(503);
    expect(res.body.error.details.checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'failed' });
    expect((await ctx.request('GET', '/healthz', { token: null, orgToken: null })).status).toBe(200);
  });
});
