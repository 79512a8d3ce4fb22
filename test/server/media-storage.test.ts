/**
 * Media in a file directory or an S3 bucket, each test run against both: the storage interface
 * (stream in, whole or ranged stream out, head, delete), an operator's video streamed to the store and served
 * whole and by byte ranges from it, a file past its limit refused while it streams and leaving nothing behind, an
 * Idempotency-Key replay storing one copy, and two hosts on one database and one bucket.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMediaResponseSchema } from '../../src/contracts/admin/media';
import { createApp } from '../../server/app';
import { media } from '../../server/db/schema';
import { loadEnv } from '../../server/env';
import { silentLogger } from '../../server/lib/logger';
import { collectBytes } from '../../server/lib/storage/media-object';
import { createTestContext, ORG_KEY, type TestContext } from './helpers';
import { MEDIA_STORES, openMediaStore, type OpenMediaStore } from './media-stores';

const OPERATOR = 'ops@alpine-racing.example';
const MB = 1024 * 1024;

/** An MP4 of `size` bytes file-type recognises (an `ftyp` box, then one `mdat` box) with bytes that tell their offset. */
function mp4(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7) % 251;
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  ftyp.copy(bytes, 0);
  bytes.writeUInt32BE(size - ftyp.length, ftyp.length);
  bytes.write('mdat', ftyp.length + 4);
  return bytes;
}

describe.each(MEDIA_STORES)('media in %s storage', (store) => {
  let opened: OpenMediaStore;
  let t: TestContext;
  let ops: string;
  beforeAll(async () => {
    opened = await openMediaStore(store);
    t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR, ...opened.env }, storage: opened.storage });
    ops = await t.signIn(OPERATOR);
  });
  afterAll(async () => {
    await t?.close();
    await opened?.close();
  });

  /** Posts `bytes` as the form's `file` to the operators' upload, with optional extra headers. */
  async function upload(bytes: Uint8Array, name: string, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }));
    const res = await t.app.request('/api/admin/media', {
      method: 'POST',
      headers: { authorization: `Bearer ${ops}`, 'x-org-token': t.organization.token, accept: 'application/json', ...headers },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
  const mediaRows = async () => Number((await t.db.select({ n: count() }).from(media))[0].n);

  it('stores a stream whole, reads it whole and by range with its size and ETag, and deletes it; a missing key is null', async () => {
    const key = randomUUID();
    const bytes = mp4(6 * MB + 123);
    const put = await opened.storage.put(key, Readable.from([bytes.subarray(0, 3 * MB), bytes.subarray(3 * MB)]), {
      contentType: 'video/mp4',
    });
    expect(put.size).toBe(bytes.length);
    expect(await opened.storage.head(key)).toEqual(put);
    const whole = await opened.storage.read(key);
    expect(Buffer.from(await collectBytes(whole!.body)).equals(bytes)).toBe(true);
    const part = await opened.storage.read(key, { start: 5 * MB, end: 5 * MB + 9 });
    expect(part!.size).toBe(bytes.length);
    expect(Buffer.from(await collectBytes(part!.body)).equals(bytes.subarray(5 * MB, 5 * MB + 10))).toBe(true);
    // Another host's storage on the same store sees the same object.
    expect(await opened.another().head(key)).toEqual(put);

    await opened.storage.delete(key);
    expect(await opened.storage.head(key)).toBeNull();
    expect(await opened.storage.read(key)).toBeNull();
    expect(await opened.storage.get(key)).toBeNull();
    await opened.storage.delete(key);
    await expect(opened.storage.head('../etc/passwd')).rejects.toThrow(RangeError);
  });

  it('a stream that fails half way stores no object and rejects with its own error', async () => {
    const key = randomUUID();
    const before = await opened.names();
    async function* failing() {
      yield Buffer.alloc(6 * MB, 1);
      throw new Error('connection lost');
    }
    await expect(opened.storage.put(key, Readable.from(failing()))).rejects.toThrow('connection lost');
    expect(await opened.storage.head(key)).toBeNull();
    expect(await opened.names()).toEqual(before);
  });

  it("an operator's 12 MB video is streamed to the store and served whole and by byte ranges, ETag and 304 kept", async () => {
    const video = mp4(12 * MB);
    const res = await upload(video, 'race-start.mp4');
    expect(res.status).toBe(201);
    const item = AdminMediaResponseSchema.parse(res.body).data;
    expect(item).toMatchObject({ kind: 'video', contentType: 'video/mp4', sizeBytes: video.length, name: 'race-start.mp4' });

    const whole = await t.app.request(item.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(video.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const etag = whole.headers.get('etag');
    expect(etag).toBe(`"${item.id}"`);

    const asked: Array<[string, number, number]> = [
      ['bytes=0-1', 0, 1],
      [`bytes=${5 * MB}-${7 * MB - 1}`, 5 * MB, 7 * MB - 1],
      ['bytes=-100', video.length - 100, video.length - 1],
      [`bytes=${video.length - 10}-`, video.length - 10, video.length - 1],
      [`bytes=${video.length - 5}-${video.length + 50}`, video.length - 5, video.length - 1],
    ];
    for (const [range, start, end] of asked) {
      const part = await t.app.request(item.url, { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${video.length}`);
      expect(part.headers.get('content-length')).toBe(String(end - start + 1));
      expect(part.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await t.app.request(item.url, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
    // Several ranges are answered with the whole file (RFC 9110 §14.2).
    const several = await t.app.request(item.url, { headers: { range: 'bytes=0-1,5-6' } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(video.length);
    expect((await t.app.request(item.url, { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it('a PDF past its 20 MB limit is refused with 413 while it streams and leaves nothing in the store or the database', async () => {
    const before = { rows: await mediaRows(), names: await opened.names() };
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * MB, 0x20)]);
    const res = await upload(pdf, 'calendar.pdf');
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'PayloadTooLarge', details: { limitBytes: 20 * MB } });
    expect(await mediaRows()).toBe(before.rows);
    expect(await opened.names()).toEqual(before.names);
  });

  it('an Idempotency-Key replay of an upload answers the first upload and keeps one copy of the bytes', async () => {
    const video = mp4(2 * MB);
    const key = randomUUID();
    const before = { rows: await mediaRows(), names: (await opened.names()).length };
    const first = await upload(video, 'pit-stop.mp4', { 'idempotency-key': key });
    const again = await upload(video, 'pit-stop.mp4', { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await upload(mp4(2 * MB + 1), 'pit-stop.mp4', { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IdempotencyKeyReused');
    expect(await mediaRows()).toBe(before.rows + 1);
    expect((await opened.names()).length).toBe(before.names + 1);
  });
});

describe('two hosts on one database and one bucket', () => {
  let opened: OpenMediaStore;
  let a: TestContext;
  beforeAll(async () => {
    opened = await openMediaStore('s3');
    a = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR, ...opened.env }, storage: opened.storage });
  });
  afterAll(async () => {
    await a?.close();
    await opened?.close();
  });

  it('a video uploaded through host A is served whole and by ranges by host B', async () => {
    // Host B: its own app, S3 client and (empty) data directory, on host A's database and bucket.
    const env = loadEnv({
      ORGANIZATION_KEY: ORG_KEY,
      STATIC_DIR: './test-no-dist',
      PODIUM_DATA_DIR: `/tmp/podium-host-b-${randomUUID()}`,
      ...opened.env,
    });
    const b = createApp({ db: a.db, env, logger: silentLogger, storage: opened.another() }).app;
    const ops = await a.signIn(OPERATOR);
    const video = mp4(3 * MB);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(video)], 'podium.mp4'));
    const res = await a.app.request('/api/admin/media', {
      method: 'POST',
      headers: { authorization: `Bearer ${ops}`, 'x-org-token': a.organization.token, accept: 'application/json' },
      body: form,
    });
    expect(res.status).toBe(201);
    const { url } = AdminMediaResponseSchema.parse(await res.json()).data;

    const whole = await b.request(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const part = await b.request(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
  });
});
