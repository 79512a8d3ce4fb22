/**
 * Operators' uploads at `POST /api/admin/media` (multipart, field `file`): the type is read from the bytes, images
 * are resized by the server to fit inside 1600x1600 (aspect kept), videos and PDFs are stored as they are, other
 * files (SVG included) are refused, every upload is audit-logged, and the public `GET /api/media/{id}` serves each
 * with its type (byte ranges for video). A media used by content cannot be deleted.
 */
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMediaListResponseSchema, AdminMediaResponseSchema } from '../../src/contracts/admin/media';
import { auditLog, media } from '../../server/db/schema';
import { createTestContext, ORG_KEY, type TestContext } from './helpers';
import { MEDIA_STORES, openMediaStore, type OpenMediaStore } from './media-stores';

const OPERATOR = 'ops@alpine-racing.example';
let t: TestContext;
let ops: string;

/** Posts `bytes` as the form's `file` (declared as `type`), with an optional `key`. */
async function upload(bytes: Uint8Array, name: string, type: string, options: { token?: string; key?: string } = {}) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  if (options.key) form.append('key', options.key);
  const res = await t.app.request('/api/admin/media', {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token ?? ops}`, 'x-org-token': t.organization.token, accept: 'application/json' },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0a6cff' } })
    .png()
    .toBuffer();
const counts = async () => [(await t.db.select({ n: count() }).from(media))[0].n, (await t.db.select({ n: count() }).from(auditLog))[0].n];
/** The smallest MP4 file-type recognises: an `ftyp` box of brand isom, then an empty `mdat`. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.from([0, 0, 0, 0x10]),
  Buffer.from('mdat'),
  Buffer.alloc(8, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe.each(MEDIA_STORES)('with media in %s storage', (store) => {
  let opened: OpenMediaStore;
  beforeAll(async () => {
    opened = await openMediaStore(store);
    t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR, ...opened.env }, storage: opened.storage });
    ops = await t.signIn(OPERATOR);
  });
  afterAll(async () => {
    await t?.close();
    await opened?.close();
  });

  describe('uploading media', () => {
    it('resizes a large image to fit inside 1600x1600, keeps its aspect, serves it and logs the upload', async () => {
      const res = await upload(await png(3200, 1000), 'banner.png', 'image/png', { key: 'banner' });
      expect(res.status).toBe(201);
      const item = AdminMediaResponseSchema.parse(res.body).data;
      expect(item).toMatchObject({ kind: 'image', contentType: 'image/png', width: 1600, height: 500, key: 'banner', name: 'banner.png' });
      const served = await t.app.request(item.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([1600, 500]);

      const log = await t.request('GET', '/api/admin/audit-log?entity=media', { token: ops });
      expect(log.body.data.find((e: { entityId: string }) => e.entityId === item.id)).toMatchObject({
        action: 'create',
        actorEmail: OPERATOR,
      });
    });

    it('keeps a small image at its size', async () => {
      const res = await upload(await png(300, 200), 'small.png', 'image/png');
      expect(res.body.data).toMatchObject({ width: 300, height: 200 });
    });

    it('stores a video and a PDF by their bytes whatever their declared type; the video answers byte ranges', async () => {
      const video = await upload(MP4, 'clip.bin', 'application/octet-stream');
      expect(video.status).toBe(201);
      expect(video.body.data).toMatchObject({ kind: 'video', contentType: 'video/mp4', width: null, height: null, sizeBytes: MP4.length });
      const range = await t.app.request(video.body.data.url, { headers: { range: 'bytes=0-7' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-type')).toBe('video/mp4');
      expect(range.headers.get('content-range')).toBe(`bytes 0-7/${MP4.length}`);
      expect(Buffer.from(await range.arrayBuffer()).equals(MP4.subarray(0, 8))).toBe(true);

      const pdf = await upload(PDF, 'calendar.pdf', 'image/png');
      expect(pdf.status).toBe(201);
      expect(pdf.body.data).toMatchObject({ kind: 'pdf', contentType: 'application/pdf' });
      const served = await t.app.request(pdf.body.data.url);
      expect(served.headers.get('content-type')).toBe('application/pdf');
    });

    it('refuses SVG, text dressed as an image, a broken image and a missing file, storing nothing', async () => {
      const before = await counts();
      const svg = await upload(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
      );
      expect(svg.status).toBe(415);
      const text = await upload(Buffer.from('not an image at all, just text'), 'photo.png', 'image/png');
      expect(text.status).toBe(415);
      const broken = await upload((await png(40, 40)).subarray(0, 60), 'broken.png', 'image/png');
      expect(broken.status).toBe(422);
      expect(broken.body.error.details[0].path).toBe('file');
      const form = new FormData();
      form.append('key', 'nothing');
      const missing = await t.app.request('/api/admin/media', {
        method: 'POST',
        headers: { authorization: `Bearer ${ops}`, 'x-org-token': t.organization.token },
        body: form,
      });
      expect(missing.status).toBe(422);
      expect(await counts()).toEqual(before);
    });

    it('is for operators only, before reading the body', async () => {
      const image = await png(10, 10);
      expect((await upload(image, 'a.png', 'image/png', { token: ORG_KEY })).status).toBe(401);
      expect((await upload(image, 'a.png', 'image/png', { token: await t.signIn() })).status).toBe(403);
    });
  });

  describe('the media library', () => {
    it('lists uploads newest first, searches by name, and deletes an unused media but not a used one (409)', async () => {
      const unused = (await upload(await png(20, 20), 'spare-photo.png', 'image/png')).body.data;
      t.clock.advance(1000);
      const used = (await upload(await png(20, 20), 'cover-photo.png', 'image/png')).body.data;
      const list = AdminMediaListResponseSchema.parse((await t.request('GET', '/api/admin/media?q=photo', { token: ops })).body);
      expect(list.data.map((m) => m.id).slice(0, 2)).toEqual([used.id, unused.id]);

      const story = await t.request('POST', '/api/admin/stories', {
        token: ops,
        body: { title: 'Cover test', coverMediaId: used.id, startsAt: t.clock().toISOString(), chapters: [{ mediaId: used.id }] },
      });
      expect(story.status).toBe(201);
      const refused = await t.request('DELETE', `/api/admin/media/${used.id}`, { token: ops });
      expect(refused.status).toBe(409);
      const deleted = await t.request('DELETE', `/api/admin/media/${unused.id}`, { token: ops });
      expect(deleted.status).toBe(200);
      expect((await t.app.request(unused.url)).status).toBe(404);
      expect((await t.request('GET', `/api/admin/media/${unused.id}`, { token: ops })).status).toBe(404);
    });
  });
});
