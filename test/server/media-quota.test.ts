/**
 * Upload quota, storage and clean-up: each member may upload `UPLOAD_DAILY_COUNT` images and
 * `UPLOAD_DAILY_BYTES` bytes per rolling 24 h (429 / 413 with a clear message past them); the bytes live in the
 * media storage, the database row holds metadata only; uploads unused for a day are deleted with their bytes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaUploadResponseSchema } from '../../src/contracts/media';
import { media } from '../../server/db/schema';
import { purgeUnusedUploads } from '../../server/jobs/housekeeping';
import { createContentContext, createMember } from './content-fixtures';
import type { TestContext } from './helpers';
import { MEDIA_STORES, openMediaStore, type OpenMediaStore } from './media-stores';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A PNG of about 600 bytes (the signature is what is checked; the rest pads it). */
const BIG_PNG = Buffer.concat([PNG, Buffer.alloc(530, 7)]);

let ctx: TestContext;

async function upload(token: string, bytes: Uint8Array) {
  const res = await ctx.app.request('/api/media', {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'x-org-token': ctx.organization.token,
    },
    body: new Uint8Array(bytes) as Uint8Array<ArrayBuffer>,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

describe.each(MEDIA_STORES)('with media in %s storage', (store) => {
  let opened: OpenMediaStore;
  beforeAll(async () => {
    opened = await openMediaStore(store);
    ctx = await createContentContext({
      env: { UPLOAD_DAILY_COUNT: '3', UPLOAD_DAILY_BYTES: '1000', ...opened.env },
      storage: opened.storage,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await opened?.close();
  });

  describe('upload quota per member and day', () => {
    it('past the daily count an upload is 429 with Retry-After and a clear message; a day later it works again', async () => {
      const member = await createMember(ctx);
      for (let i = 0; i < 3; i++) expect((await upload(member.token, PNG)).status).toBe(201);
      const refused = await upload(member.token, PNG);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('TooManyRequests');
      expect(refused.body.error.message).toBe('You can upload at most 3 images a day. Try again later.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another member is not affected.
      expect((await upload((await createMember(ctx)).token, PNG)).status).toBe(201);
      ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
      expect((await upload(member.token, PNG)).status).toBe(201);
      ctx.clock.set(new Date());
    });

    it('past the daily bytes an upload is 413 with a clear message and stores nothing', async () => {
      const member = await createMember(ctx);
      expect((await upload(member.token, BIG_PNG)).status).toBe(201);
      const before = (await ctx.db.select().from(media)).length;
      const refused = await upload(member.token, BIG_PNG);
      expect(refused.status).toBe(413);
      expect(refused.body.error.code).toBe('PayloadTooLarge');
      expect(refused.body.error.message).toBe('You can upload at most 1 KB of images a day.');
      expect((await ctx.db.select().from(media)).length).toBe(before);
    });
  });

  describe('media storage', () => {
    it('an upload keeps its bytes in the media storage and only metadata in the database', async () => {
      const member = await createMember(ctx);
      const { name } = MediaUploadResponseSchema.parse((await upload(member.token, PNG)).body).data;
      const [row] = await ctx.db.select().from(media).where(eq(media.id, name));
      expect(row.bytes).toBeNull();
      // The stored image is the upload re-encoded (no metadata), and what the database says of it matches it.
      const stored = Buffer.from((await ctx.deps.storage.get(row.storageKey!))!);
      expect(stored.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
      expect(row.sizeBytes).toBe(stored.length);
      const served = await ctx.app.request(`/api/media/${name}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    });

    it('uploads unused for a day are deleted with their bytes; the avatar stays', async () => {
      const member = await createMember(ctx);
      const avatar = MediaUploadResponseSchema.parse((await upload(member.token, PNG)).body).data.name;
      const unused = MediaUploadResponseSchema.parse((await upload(member.token, PNG)).body).data.name;
      const set = await ctx.request('POST', '/api/media/set-avatar', { token: member.token, body: { name: avatar } });
      expect(set.status).toBe(200);
      // Not yet a day old: kept.
      await purgeUnusedUploads(ctx.db, ctx.deps.storage, new Date(Date.now() + 60 * 60 * 1000));
      expect((await ctx.app.request(`/api/media/${unused}`)).status).toBe(200);

      expect(await purgeUnusedUploads(ctx.db, ctx.deps.storage, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
      expect((await ctx.app.request(`/api/media/${unused}`)).status).toBe(404);
      expect(await ctx.deps.storage.get(unused)).toBeNull();
      expect((await ctx.app.request(`/api/media/${avatar}`)).status).toBe(200);
      expect((await ctx.request('GET', '/api/user/me', { token: member.token })).body.data.avatarUrl).toBe(`/api/media/${avatar}`);
    });
  });
});
