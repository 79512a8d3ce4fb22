/**
 * Operators write stories (with chapters), videos, articles, playlists and downloads through `/api/admin/*`
 * (contracts in `src/contracts/admin/`): a bad body is 422 naming the field and saves nothing, every change has its
 * audit-log entry, an item members viewed / read is archived instead of deleted, and what an operator publishes is
 * what fans get at once, in English and French, drafts and archived items never.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminArticleResponseSchema } from '../../src/contracts/admin/article';
import { AdminDownloadResponseSchema } from '../../src/contracts/admin/download';
import { AdminPlaylistResponseSchema } from '../../src/contracts/admin/playlist';
import { AdminStoryResponseSchema, type StoryInput } from '../../src/contracts/admin/story';
import { AdminVideoResponseSchema, type VideoInput } from '../../src/contracts/admin/video';
import type { Article, Download, Playlist, Story, Video } from '../../src/contracts/content';
import { articles, auditLog, playlists, ranks, stories, videos } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const HOUR = 3_600_000;
let t: TestContext;
let ops: string;
let fan: string;
let image: string;
let clip: string;
let pdf: string;

/** Uploads `bytes` to the media library as the operator; returns the media id. */
async function upload(bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name));
  const res = await t.app.request('/api/admin/media', {
    method: 'POST',
    headers: { authorization: `Bearer ${ops}`, 'x-org-token': t.organization.token },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
  fan = await t.signIn();
  image = await upload(
    await sharp({ create: { width: 900, height: 1600, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer(),
    'chapter.jpg',
  );
  clip = await upload(
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('mdat'),
    ]),
    'clip.mp4',
  );
  pdf = await upload(Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'), 'season-guide.pdf');
});
afterAll(async () => t.close());

const admin = (method: string, path: string, body?: unknown) => t.request(method, `/api/admin${path}`, { token: ops, body });
const asFan = async <T>(path: string, language = 'en') =>
  (await t.request('GET', `/api/content${path}`, { token: fan, headers: { 'accept-language': language } })).body.data as T;
/** The audit actions on one item, oldest first (each change is its own transaction, so `created_at` orders them). */
const auditFor = async (entity: string, id: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.createdAt))
  ).map((e) => e.action);
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;

/**
 * Deletes the archived item at `/api/admin{path}` again, later, and expects nothing to change: the same answer, the
 * same `archivedAt`, and no new audit-log entry.
 */
async function expectDeletingAgainChangesNothing(path: string) {
  const before = (await admin('GET', path)).body.data;
  expect(before.archivedAt).not.toBeNull();
  const entries = await auditCount();
  t.clock.advance(HOUR);
  expect((await admin('DELETE', path)).body.data).toEqual({ id: before.id, archived: true });
  expect((await admin('GET', path)).body.data).toMatchObject({ archivedAt: before.archivedAt, updatedAt: before.updatedAt });
  expect(await auditCount()).toBe(entries);
}

/** Sends each bad body and expects 422 naming `path`, with nothing saved (rows of `table` and audit entries). */
async function expectRefused(path: string, cases: Array<[unknown, string]>, rows: () => Promise<number>) {
  const before = [await rows(), await auditCount()];
  for (const [body, field] of cases) {
    const res = await admin('POST', path, body);
    expect(res.status, field).toBe(422);
    expect(res.body.error.code).toBe('ValidationFailed');
    expect(
      res.body.error.details.map((d: { path: string }) => d.path),
      field,
    ).toContain(field);
  }
  expect([await rows(), await auditCount()]).toEqual(before);
}

describe('stories', () => {
  const story = (over: Partial<StoryInput> = {}): StoryInput => ({
    key: null,
    title: 'Paddock tour',
    type: 'default',
    coverMediaId: image,
    startsAt: new Date(t.clock().getTime() - 1000).toISOString(),
    stopsAt: new Date(t.clock().getTime() + 24 * HOUR).toISOString(),
    shareable: true,
    draft: false,
    sortOrder: -10,
    translations: { fr: { title: 'Visite du paddock' } },
    chapters: [
      {
        mediaId: image,
        title: 'Garage',
        caption: 'Where the car sleeps',
        sponsorUrl: null,
        durationSeconds: 5,
        value: 5,
        translations: { fr: { title: 'Le garage' } },
      },
      {
        mediaId: image,
        title: 'Pit wall',
        caption: 'Strategy lives here',
        sponsorUrl: 'https://sponsor.example/pit',
        durationSeconds: 7,
        value: 5,
        translations: {},
      },
      { mediaId: image, title: 'Podium', caption: '', sponsorUrl: null, durationSeconds: 4, value: 0, translations: {} },
    ],
    ...over,
  });

  it('creates a story that fans see at once in English and French, chapters in order', async () => {
    const res = await admin('POST', '/stories', story());
    expect(res.status).toBe(201);
    const item = AdminStoryResponseSchema.parse(res.body).data;
    expect(item.status).toBe('live');
    expect(item.chapters.map((c) => c.title)).toEqual(['Garage', 'Pit wall', 'Podium']);
    const en = (await asFan<Story[]>('/stories')).find((s) => s.id === item.id)!;
    expect(en.title).toBe('Paddock tour');
    expect(en.chapters.map((c) => c.id)).toEqual(item.chapters.map((c) => c.id));
    const fr = (await asFan<Story[]>('/stories', 'fr')).find((s) => s.id === item.id)!;
    expect(fr.title).toBe('Visite du paddock');
    expect(fr.chapters[0].title).toBe('Le garage');
    expect(await auditFor('stories', item.id)).toEqual(['create']);
  });

  it('reorders chapters keeping their ids (and the views on them); a fan sees the new order; an archived story stays as it was when deleted again', async () => {
    const item = (await admin('POST', '/stories', story({ title: 'Reorder me' }))).body.data;
    const [a, b, c] = item.chapters;
    const view = await t.request('POST', `/api/content/stories/${item.id}/chapter-view/${a.id}`, { token: fan, body: {} });
    expect(view.status).toBe(201);
    const res = await admin('PATCH', `/stories/${item.id}`, { chapters: [c, a, { ...b, title: 'Pit wall, renamed' }] });
    expect(res.status).toBe(200);
    expect(res.body.data.chapters.map((ch: { id: string }) => ch.id)).toEqual([c.id, a.id, b.id]);
    const seen = (await asFan<Story[]>('/stories')).find((s) => s.id === item.id)!;
    expect(seen.chapters.map((ch) => [ch.id, ch.orderIndex, ch.viewed])).toEqual([
      [c.id, 0, false],
      [a.id, 1, true],
      [b.id, 2, false],
    ]);
    expect(seen.chapters[2].title).toBe('Pit wall, renamed');
    expect(await auditFor('stories', item.id)).toEqual(['create', 'update']);

    // A viewed chapter cannot be dropped; the story itself is archived, not deleted, and fans no longer see it.
    const drop = await admin('PATCH', `/stories/${item.id}`, { chapters: [c, b] });
    expect(drop.status).toBe(422);
    expect(drop.body.error.details[0].path).toBe('chapters');
    const deleted = await admin('DELETE', `/stories/${item.id}`);
    expect(deleted.body.data).toEqual({ id: item.id, archived: true });
    expect((await asFan<Story[]>('/stories')).some((s) => s.id === item.id)).toBe(false);
    expect((await t.request('GET', `/api/content/stories/${item.id}`, { token: fan })).status).toBe(404);
    expect(await auditFor('stories', item.id)).toEqual(['create', 'update', 'archive']);
    await expectDeletingAgainChangesNothing(`/stories/${item.id}`);
  });

  it('deletes a story nobody viewed, and keeps drafts from fans', async () => {
    const draft = (await admin('POST', '/stories', story({ title: 'Not yet', draft: true }))).body.data;
    expect(draft.status).toBe('draft');
    expect((await asFan<Story[]>('/stories')).some((s) => s.id === draft.id)).toBe(false);
    expect((await t.request('GET', `/api/content/stories/${draft.id}`, { token: fan })).status).toBe(404);
    const deleted = await admin('DELETE', `/stories/${draft.id}`);
    expect(deleted.body.data).toEqual({ id: draft.id, archived: false });
    expect(await t.db.select().from(stories).where(eq(stories.id, draft.id))).toEqual([]);
    expect(await auditFor('stories', draft.id)).toEqual(['create', 'delete']);
  });

  it('refuses a story that breaks a rule with 422 naming the field, and saves nothing', async () => {
    const chapter = story().chapters[0];
    await expectRefused(
      '/stories',
      [
        [story({ stopsAt: new Date(t.clock().getTime() - HOUR).toISOString() }), 'stopsAt'],
        [story({ chapters: [] }), 'chapters'],
        [story({ chapters: [{ ...chapter, durationSeconds: 61 }] }), 'chapters.0.durationSeconds'],
        [story({ chapters: [{ ...chapter, sponsorUrl: 'javascript:alert(1)' }] }), 'chapters.0.sponsorUrl'],
        [story({ chapters: [{ ...chapter, value: -1 }] }), 'chapters.0.value'],
        [story({ coverMediaId: '3b241101-e2bb-4255-8caf-4136c566a962' }), 'coverMediaId'],
        [story({ title: '' }), 'title'],
      ],
      async () => (await t.db.select({ n: count() }).from(stories))[0].n,
    );
  });

  it("refuses another story's chapter id with 422 naming it", async () => {
    const other = (await admin('POST', '/stories', story({ title: 'Other story' }))).body.data;
    const res = await admin('POST', '/stories', story({ chapters: [{ ...story().chapters[0], id: other.chapters[1].id }] }));
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain('chapters.0.id');
  });

  it('accepts a rank-coded title only for a rank the organization has', async () => {
    expect((await admin('POST', '/stories', story({ title: 'P3 Garage secrets' }))).status).toBe(201);
    const [p1] = await t.db
      .delete(ranks)
      .where(and(eq(ranks.organizationId, t.organization.id), eq(ranks.code, 'P1')))
      .returning();
    try {
      const res = await admin('POST', '/stories', story({ title: 'P1 Champions only' }));
      expect(res.status).toBe(422);
      expect(res.body.error.details[0].path).toBe('title');
    } finally {
      await t.db.insert(ranks).values(p1);
    }
  });
});

describe('videos', () => {
  const video = (over: Partial<VideoInput> = {}): VideoInput => ({
    slug: `clip-${Math.random().toString(36).slice(2, 8)}`,
    name: 'Qualifying lap',
    description: 'Pole position, onboard.',
    fileMediaId: clip,
    externalUrl: null,
    thumbnailMediaId: image,
    durationSeconds: 90,
    value: 15,
    publishedAt: new Date(t.clock().getTime() - 1000).toISOString(),
    draft: false,
    sortOrder: -5,
    translations: { fr: { name: 'Tour de qualification', description: 'La pole, à bord.' } },
    ...over,
  });

  it('serves an uploaded video from the media and an external one by its address, in English and French', async () => {
    const uploaded = AdminVideoResponseSchema.parse((await admin('POST', '/videos', video())).body).data;
    const external = (await admin('POST', '/videos', video({ fileMediaId: null, externalUrl: 'https://videos.example/lap' }))).body.data;
    const list = await asFan<Video[]>('/videos');
    expect(list.find((v) => v.id === uploaded.id)).toMatchObject({ videoSourceType: 'file', sourceUrl: `/api/media/${clip}`, value: 15 });
    expect(list.find((v) => v.id === external.id)).toMatchObject({ videoSourceType: 'external', sourceUrl: 'https://videos.example/lap' });
    expect(list.find((v) => v.sourceUrl.endsWith('video-pit-stop.mp4'))).toBeDefined();
    const fr = await asFan<Video[]>('/videos', 'fr');
    expect(fr.find((v) => v.id === uploaded.id)?.name).toBe('Tour de qualification');
  });

  it('hides drafts and not-yet-published videos from fans', async () => {
    const draft = (await admin('POST', '/videos', video({ draft: true }))).body.data;
    const later = (await admin('POST', '/videos', video({ publishedAt: new Date(t.clock().getTime() + HOUR).toISOString() }))).body.data;
    expect(later.status).toBe('scheduled');
    const ids = (await asFan<Video[]>('/videos')).map((v) => v.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(later.id);
    expect((await t.request('POST', `/api/content/videos/${draft.id}/view`, { token: fan, body: {} })).status).toBe(404);
  });

  it('archives a watched video instead of deleting it, once: fans no longer see it, deleting it again changes nothing', async () => {
    const item = (await admin('POST', '/videos', video())).body.data;
    expect((await t.request('POST', `/api/content/videos/${item.id}/view`, { token: fan, body: {} })).status).toBe(201);
    const patched = await admin('PATCH', `/videos/${item.id}`, { name: 'Qualifying lap (full)' });
    expect(patched.body.data.name).toBe('Qualifying lap (full)');
    expect((await admin('DELETE', `/videos/${item.id}`)).body.data).toEqual({ id: item.id, archived: true });
    expect((await asFan<Video[]>('/videos')).some((v) => v.id === item.id)).toBe(false);
    expect(await auditFor('videos', item.id)).toEqual(['create', 'update', 'archive']);
    await expectDeletingAgainChangesNothing(`/videos/${item.id}`);
  });

  it('refuses a video without exactly one source, or whose file is not a video, with 422 naming the field', async () => {
    await expectRefused(
      '/videos',
      [
        [video({ externalUrl: 'https://videos.example/lap' }), 'externalUrl'],
        [video({ fileMediaId: null }), 'fileMediaId'],
        [video({ fileMediaId: image }), 'fileMediaId'],
        [video({ fileMediaId: null, externalUrl: 'http://videos.example/lap' }), 'externalUrl'],
        [video({ slug: 'Not A Slug' }), 'slug'],
        [video({ value: -3 }), 'value'],
      ],
      async () => (await t.db.select({ n: count() }).from(videos))[0].n,
    );
  });
});

describe('articles', () => {
  const article = (over: Record<string, unknown> = {}) => ({
    slug: `article-${Math.random().toString(36).slice(2, 8)}`,
    title: 'Tyre strategy, explained',
    summary: 'Softs, mediums and hards.',
    bodyMarkdown: '## Three compounds\n\nThe **soft** tyre is fastest.\n\n- soft\n- hard\n\n[Rules](https://fia.example/rules)',
    mediaId: image,
    value: 10,
    publishedAt: new Date(t.clock().getTime() - 1000).toISOString(),
    draft: false,
    translations: { fr: { title: 'La stratégie pneus', bodyMarkdown: '## Trois gommes\n\nLe pneu **tendre** est le plus rapide.' } },
    ...over,
  });

  it('renders the Markdown on the server, in English and in French, with its reading time', async () => {
    const res = await admin('POST', '/articles', article());
    expect(res.status).toBe(201);
    const item = AdminArticleResponseSchema.parse(res.body).data;
    expect(item.readingMinutes).toBe(1);
    const en = await asFan<Article>(`/articles/${item.id}`);
    expect(en.body).toEqual([]);
    expect(en.bodyHtml).toContain('<h2>Three compounds</h2>');
    expect(en.bodyHtml).toContain('<strong>soft</strong>');
    expect(en.bodyHtml).toContain('<a href="https://fia.example/rules" rel="noopener noreferrer nofollow">Rules</a>');
    const fr = await asFan<Article>(`/articles/${item.slug}`, 'fr');
    expect(fr.title).toBe('La stratégie pneus');
    expect(fr.bodyHtml).toContain('<h2>Trois gommes</h2>');
    expect((await asFan<Article[]>('/articles')).some((a) => a.id === item.id)).toBe(true);
  });

  it('never lets script, event handlers or javascript: links reach a fan', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<a href="javascript:alert(4)">x</a>',
      '[data](data:text/html;base64,PHNjcmlwdD4=)',
      '<iframe src="https://evil.example"></iframe>',
      '<div style="background:url(javascript:alert(5))" onclick="alert(6)">hi</div>',
    ].join('\n\n');
    const item = (await admin('POST', '/articles', article({ bodyMarkdown: hostile, translations: { fr: { bodyMarkdown: hostile } } })))
      .body.data;
    for (const language of ['en', 'fr']) {
      const html = (await asFan<Article>(`/articles/${item.id}`, language)).bodyHtml!;
      // No element but the allow-listed ones, no event handler or style attribute, every link https/http/mailto.
      const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
      expect(tags.map((m) => m[1].toLowerCase()).filter((tag) => !['p', 'a'].includes(tag))).toEqual([]);
      for (const [, , attributes] of tags) {
        expect(attributes).not.toMatch(/\s(on[a-z]+|style|src)\s*=/i);
        for (const [, href] of attributes.matchAll(/href="([^"]*)"/gi)) expect(href).toMatch(/^(https?:|mailto:)/);
      }
      // Typed HTML shows as text, escaped; Markdown links to javascript: or data: stay text.
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('[click](javascript:alert(3))');
    }
  });

  it('keeps drafts and archived articles from fans (lists and single reads 404); a read article is archived, and deleting it again changes nothing', async () => {
    const draft = (await admin('POST', '/articles', article({ draft: true }))).body.data;
    expect((await t.request('GET', `/api/content/articles/${draft.id}`, { token: fan })).status).toBe(404);
    expect((await asFan<Article[]>('/articles')).some((a) => a.id === draft.id)).toBe(false);
    const read = (await admin('POST', '/articles', article())).body.data;
    expect((await t.request('POST', `/api/content/articles/${read.id}/read`, { token: fan, body: {} })).status).toBe(201);
    expect((await admin('DELETE', `/articles/${read.id}`)).body.data.archived).toBe(true);
    expect((await t.request('GET', `/api/content/articles/${read.id}`, { token: fan })).status).toBe(404);
    expect((await admin('DELETE', `/articles/${draft.id}`)).body.data.archived).toBe(false);
    expect(await auditFor('articles', read.id)).toEqual(['create', 'archive']);
    await expectDeletingAgainChangesNothing(`/articles/${read.id}`);
  });

  it('shows a seeded article as Markdown to operators and as its HTML to fans, before and after an edit', async () => {
    const [seeded] = await t.db.select().from(articles).where(eq(articles.slug, 'monza-fan-guide'));
    const before = (await admin('GET', `/articles/${seeded.id}`)).body.data;
    expect(before.bodyMarkdown.length).toBeGreaterThan(0);
    expect((await asFan<Article>(`/articles/${seeded.id}`)).bodyHtml).toContain('<p>');
    const res = await admin('PATCH', `/articles/${seeded.id}`, { summary: 'Everything for Monza.' });
    expect(res.status).toBe(200);
    const after = await asFan<Article>(`/articles/${seeded.id}`);
    expect(after.summary).toBe('Everything for Monza.');
    expect(after.bodyHtml).not.toBeNull();
  });

  it('refuses a bad article with 422 naming the field, and saves nothing', async () => {
    await expectRefused(
      '/articles',
      [
        [article({ bodyMarkdown: '  ' }), 'bodyMarkdown'],
        [article({ slug: 'monza-fan-guide!' }), 'slug'],
        [article({ mediaId: pdf }), 'mediaId'],
        [article({ publishedAt: 'yesterday' }), 'publishedAt'],
      ],
      async () => (await t.db.select({ n: count() }).from(articles))[0].n,
    );
    expect((await admin('POST', '/articles', article({ slug: 'monza-fan-guide' }))).status).toBe(409);
  });
});

describe('playlists', () => {
  it("gives fans the seeded playlists, then an operator's playlist with its videos in order, in French too", async () => {
    const seeded = await asFan<Playlist[]>('/playlists');
    expect(seeded.map((p) => p.slug)).toEqual(['race-weekend', 'behind-the-scenes']);
    expect(seeded[0].videoIds).toHaveLength(3);

    const allVideos = await asFan<Video[]>('/videos');
    const [v1, v2, v3] = allVideos.map((v) => v.id);
    const res = await admin('POST', '/playlists', {
      slug: 'best-of',
      name: 'Best of',
      description: 'Our favourites.',
      videoIds: [v3, v1, v2],
      sortOrder: -1,
      translations: { fr: { name: 'Le meilleur' } },
    });
    expect(res.status).toBe(201);
    const item = AdminPlaylistResponseSchema.parse(res.body).data;
    expect(item.videoIds).toEqual([v3, v1, v2]);
    const fr = await asFan<Playlist[]>('/playlists', 'fr');
    expect(fr[0]).toMatchObject({ id: item.id, title: 'Le meilleur', videoIds: [v3, v1, v2] });

    const reordered = await admin('PATCH', `/playlists/${item.id}`, { videoIds: [v2, v3] });
    expect(reordered.body.data.videoIds).toEqual([v2, v3]);
    expect((await asFan<Playlist[]>('/playlists'))[0].videoIds).toEqual([v2, v3]);
    expect(await auditFor('playlists', item.id)).toEqual(['create', 'update']);

    await admin('PATCH', `/playlists/${item.id}`, { draft: true });
    expect((await asFan<Playlist[]>('/playlists')).some((p) => p.id === item.id)).toBe(false);
    expect((await admin('DELETE', `/playlists/${item.id}`)).body.data).toEqual({ id: item.id, archived: false });
    expect(await auditFor('playlists', item.id)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('refuses unknown or repeated videos with 422 naming the field, and saves nothing', async () => {
    const [v1] = (await asFan<Video[]>('/videos')).map((v) => v.id);
    await expectRefused(
      '/playlists',
      [
        [{ slug: 'x', name: 'X', videoIds: [v1, '3b241101-e2bb-4255-8caf-4136c566a962'] }, 'videoIds.1'],
        [{ slug: 'y', name: 'Y', videoIds: [v1, v1] }, 'videoIds'],
        [{ slug: 'z', name: '', videoIds: [] }, 'name'],
      ],
      async () => (await t.db.select({ n: count() }).from(playlists))[0].n,
    );
  });
});

describe('downloads', () => {
  it('lets fans download an uploaded PDF, keeps seeded CDN downloads, and hides archived ones', async () => {
    const res = await admin('POST', '/downloads', {
      fileId: 'season-guide',
      title: 'Season guide',
      description: 'Every race of the year.',
      fileMediaId: pdf,
      mediaId: image,
      translations: { fr: { title: 'Guide de la saison' } },
    });
    expect(res.status).toBe(201);
    const item = AdminDownloadResponseSchema.parse(res.body).data;
    expect(item).toMatchObject({ fileName: 'season-guide.pdf' });
    expect(item.sizeBytes).toBeGreaterThan(0);
    const list = await asFan<Download[]>('/downloads', 'fr');
    expect(list.find((d) => d.id === 'season-guide')).toMatchObject({
      title: 'Guide de la saison',
      url: `/api/media/${pdf}`,
      fileName: 'season-guide.pdf',
    });
    expect(list.find((d) => d.id === 'alpine-racing-calendar-2027.pdf')?.url).toBe('/cdn/alpine-racing-calendar-2027.pdf');
    const file = await t.app.request(`/api/media/${pdf}`);
    expect(file.headers.get('content-type')).toBe('application/pdf');

    const bad = await admin('POST', '/downloads', { fileId: 'wallpaper', title: 'Wallpaper', fileMediaId: image });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0].path).toBe('fileMediaId');
    const none = await admin('POST', '/downloads', { fileId: 'nothing', title: 'Nothing' });
    expect(none.status).toBe(422);
    expect(none.body.error.details[0].path).toBe('fileMediaId');

    expect((await admin('DELETE', `/downloads/${item.id}`)).body.data).toEqual({ id: item.id, archived: false });
    expect((await asFan<Download[]>('/downloads')).some((d) => d.id === 'season-guide')).toBe(false);
    expect(await auditFor('downloads', item.id)).toEqual(['create', 'delete']);
  });
});
