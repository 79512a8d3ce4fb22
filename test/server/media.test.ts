/**
 * Profile media and identification (spec §7): `POST /media` (binary avatar, real PNG/JPEG/WebP by
 * content sniffing, at most 5 MB, stored re-encoded without metadata), `POST /media/set-avatar {name}`, the avatar served at `/api/media/{id}`
 * and shown as `avatarUrl` on `GET /user/me`, `POST /user/me/identify {email}`, and the `/cdn` files
 * (videos with Range requests, PDFs).
 */
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES, MediaUploadResponseSchema, SetAvatarResponseSchema } from '../../src/contracts/media';
import { media, users } from '../../server/db/schema';
import { userIdentifications } from '../../server/db/schema/profile';
import { createContentContext, createMember } from './content-fixtures';
import { ORG_KEY, type TestContext } from './helpers';

/** Real tiny images (4x4 JPEG and WebP made with ffmpeg; the classic 1x1 PNG). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABLAAEBAAAAAAAAAAAAAAAAAAAABgEBAAAAAAAAAAAAAAAAAAAABhABAAAAAAAAAAAAAAAAAAAAABEBAAAAAAAAAAAAAAAAAAAAAP/AABEIAAQABAMBIgACEQADEQD/2gAMAwEAAhEDEQA/AIQA2Dn/2Q==',
  'base64',
);
const WEBP = Buffer.from('UklGRjYAAABXRUJQVlA4ICoAAABwAQCdASoEAAQAAgA0JaACdAFAAAD+1jHdJ+p8j/+ysf/6Dv//Qd/skAA=', 'base64');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createContentContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Posts raw bytes to `/api/media` as the member. */
async function upload(
  token: string | null,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = {
    'content-type': contentType,
    accept: 'application/json',
    'x-org-token': ctx.organization.token,
    ...extra,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await ctx.app.request('/api/media', { method: 'POST', headers, body: new Uint8Array(bytes) as Uint8Array<ArrayBuffer> });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const mediaCount = async () => Number((await ctx.db.select({ n: count() }).from(media))[0].n);

describe('POST /media (avatar upload)', () => {
  it('stores real PNG, JPEG and WebP images, recognised by their bytes, and serves them back as images of that type', async () => {
    const member = await createMember(ctx);
    for (const [bytes, type, format] of [
      [PNG, 'image/png', 'png'],
      [JPEG, 'image/jpeg', 'jpeg'],
      [WEBP, 'image/webp', 'webp'],
    ] as const) {
      const res = await upload(member.token, bytes);
      expect(res.status).toBe(201);
      const data = MediaUploadResponseSchema.parse(res.body).data;
      expect(data).toMatchObject({ contentType: type, url: `/api/media/${data.name}` });
      expect(data.fileName.startsWith(`${data.name}.`)).toBe(true);
      const served = await ctx.app.request(data.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.length).toBe(data.sizeBytes);
      const [stored, sent] = [await sharp(body).metadata(), await sharp(bytes).metadata()];
      expect([stored.format, stored.width, stored.height]).toEqual([format, sent.width, sent.height]);
    }
  });

  it('stores an avatar without its metadata: a photo with its GPS position and author comes back upright, with no EXIF at all', async () => {
    const member = await createMember(ctx);
    // A 40x20 photo whose EXIF says: taken by Erika Mustermann, at 48°8'N 11°34'E, to be shown turned a quarter.
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Erika Mustermann' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.toString('latin1')).toContain('Erika Mustermann');
    // The GPS IFD pointer (tag 0x8825, little-endian).
    expect(sent.exif?.toString('latin1')).toContain('\x25\x88');
    expect(sent.orientation).toBe(6);

    const res = await upload(member.token, photo);
    expect(res.status).toBe(201);
    const served = Buffer.from(await (await ctx.app.request(res.body.data.url)).arrayBuffer());
    const stored = await sharp(served).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 20, 40]);
    expect(served.includes('Erika')).toBe(false);
  });

  it('refuses a PNG signature followed by HTML (with or without a real PNG header chunk) with 4xx and stores nothing', async () => {
    const member = await createMember(ctx);
    const before = await mediaCount();
    const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
    // The signature alone is no PNG (415); with the PNG's real header chunk it sniffs as one but cannot be decoded (422).
    for (const [head, status] of [
      [PNG.subarray(0, 8), 415],
      [PNG.subarray(0, 33), 422],
    ] as const) {
      const res = await upload(member.token, Buffer.concat([head, html]));
      expect(res.status, `${head.length} bytes of PNG`).toBe(status);
    }
    expect(await mediaCount()).toBe(before);
  });

  it('fake images, wrong content types and empty bodies are 4xx and store nothing', async () => {
    const member = await createMember(ctx);
    const before = await mediaCount();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [Uint8Array, string, number][] = [
      [Buffer.from('hello, I am a text file pretending to be a PNG'), 'image/png', 415],
      [svg, 'application/octet-stream', 415],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'application/octet-stream', 415],
      [PNG.subarray(0, 6), 'application/octet-stream', 415],
      [PNG, 'application/json', 415],
      [PNG, 'multipart/form-data; boundary=x', 415],
      [new Uint8Array(), 'application/octet-stream', 400],
    ];
    for (const [bytes, type, status] of cases) {
      const res = await upload(member.token, bytes, type);
      expect(res.status, `${type} ${bytes.length}`).toBe(status);
      expect(typeof res.body.error.code).toBe('string');
    }
    expect(await mediaCount()).toBe(before);
  });

  it("accepts 5 MB exactly (beyond the API's 1 MB JSON limit) and refuses one byte more with 413", async () => {
    const member = await createMember(ctx);
    const big = Buffer.alloc(MAX_AVATAR_BYTES);
    PNG.copy(big);
    const ok = await upload(member.token, big);
    expect(ok.status).toBe(201);
    const before = await mediaCount();
    const tooBig = Buffer.alloc(MAX_AVATAR_BYTES + 1);
    PNG.copy(tooBig);
    const res = await upload(member.token, tooBig);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PayloadTooLarge');
    expect(await mediaCount()).toBe(before);
  });

  it('visitors and bad bearers are 401; the public GET /api/media/{id} still needs no bearer', async () => {
    expect((await upload(ORG_KEY, PNG)).status).toBe(401);
    expect((await upload(null, PNG)).status).toBe(401);
    expect((await upload('nope-not-a-token', PNG)).status).toBe(401);
    const member = await createMember(ctx);
    const { name } = (await upload(member.token, PNG)).body.data;
    expect((await ctx.app.request(`/api/media/${name}`)).status).toBe(200);
  });

  it('an Idempotency-Key replay of an upload stores one image', async () => {
    const member = await createMember(ctx);
    const before = await mediaCount();
    const a = await upload(member.token, JPEG, 'application/octet-stream', { 'idempotency-key': 'avatar-1' });
    const b = await upload(member.token, JPEG, 'application/octet-stream', { 'idempotency-key': 'avatar-1' });
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await mediaCount()).toBe(before + 1);
  });
});

describe('POST /media/set-avatar', () => {
  it('makes the member\'s upload the avatar: GET /user/me answers avatarUrl /api/media/{name} (also with "name.ext")', async () => {
    const member = await createMember(ctx);
    const up = MediaUploadResponseSchema.parse((await upload(member.token, WEBP)).body).data;
    const res = await ctx.request('POST', '/api/media/set-avatar', { token: member.token, body: { name: up.fileName } });
    expect(res.status).toBe(200);
    expect(SetAvatarResponseSchema.parse(res.body).data).toEqual({ name: up.name, avatarUrl: `/api/media/${up.name}` });
    const me = await ctx.request('GET', '/api/user/me', { token: member.token });
    expect(me.body.data.avatarUrl).toBe(`/api/media/${up.name}`);
    const image = await ctx.app.request(me.body.data.avatarUrl);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it("another member's upload, a seeded image or an unknown name is 404; bad bodies are 422; the avatar is unchanged", async () => {
    const owner = await createMember(ctx);
    const other = await createMember(ctx);
    const theirs = (await upload(owner.token, PNG)).body.data.name as string;
    const [seeded] = await ctx.db.select({ id: media.id }).from(media).limit(1);
    for (const name of [theirs, seeded.id, '00000000-0000-4000-8000-000000000000', 'avatar']) {
      const res = await ctx.request('POST', '/api/media/set-avatar', { token: other.token, body: { name } });
      expect(res.status, name).toBe(404);
    }
    for (const body of [{}, { name: 42 }, { name: '' }, { name: '../../etc/passwd' }, { name: theirs, extra: 1 }]) {
      expect((await ctx.request('POST', '/api/media/set-avatar', { token: other.token, body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await ctx.request('POST', '/api/media/set-avatar', { body: { name: theirs } })).status).toBe(401);
    const [row] = await ctx.db.select({ avatar: users.avatarMediaId }).from(users).where(eq(users.id, other.userId));
    expect(row.avatar).toBeNull();
  });
});

describe('POST /user/me/identify', () => {
  it('records the identification and answers {identified: true}', async () => {
    const member = await createMember(ctx);
    const res = await ctx.request('POST', '/api/user/me/identify', { token: member.token, body: { email: '  Fan.Name@Example.COM ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { identified: true } });
    const rows = await ctx.db.select().from(userIdentifications).where(eq(userIdentifications.userId, member.userId));
    expect(rows.map((r) => r.email)).toEqual(['fan.name@example.com']);
  });

  it('a bad e-mail or body is 422, visitors 401, and nothing is recorded', async () => {
    const member = await createMember(ctx);
    for (const body of [{ email: 'not-an-email' }, { email: 12 }, {}, { email: 'a@b.co', admin: true }]) {
      expect((await ctx.request('POST', '/api/user/me/identify', { token: member.token, body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await ctx.request('POST', '/api/user/me/identify', { body: { email: 'a@b.co' } })).status).toBe(401);
    expect(await ctx.db.select().from(userIdentifications).where(eq(userIdentifications.userId, member.userId))).toEqual([]);
  });
});

describe('/cdn files', () => {
  it('serves the video clips with Range requests (206) and small sizes', async () => {
    const videos = (await ctx.request('GET', '/api/content/videos')).body.data as { sourceUrl: string }[];
    for (const v of videos) {
      const full = await ctx.app.request(v.sourceUrl);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('video/mp4');
      const size = (await full.arrayBuffer()).byteLength;
      expect(size).toBeGreaterThan(1000);
      expect(size).toBeLessThan(150_000);
      const part = await ctx.app.request(v.sourceUrl, { headers: { range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
    }
  });

  it('serves nothing but the media files: generator scripts, traversal and unknown names are 404', async () => {
    for (const path of [
      '/cdn/generate-videos.sh',
      '/cdn/generate-pdfs.ts',
      '/cdn/../package.json',
      '/cdn/%2e%2e/package.json',
      '/cdn/nope.pdf',
      '/cdn/',
    ]) {
      const res = await ctx.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});
