/**
 * Content API (spec §3-§4, §7-§8; ARCHITECTURE §4-§5): videos, articles, stories, downloads —
 * reads in both languages, awards once per member and item, the story window and chapter rules, rank-coded
 * story visibility, and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArticleListResponseSchema,
  ArticleResponseSchema,
  ChapterViewResponseSchema,
  ContentAwardResponseSchema,
  DownloadListResponseSchema,
  StoryListResponseSchema,
  StoryResponseSchema,
  VideoListResponseSchema,
  type Story,
} from '../../src/contracts/content';
import { STORY_CHAPTER_VIEW_ERROR_MESSAGE } from '../../src/contracts/content';
import { ApiErrorBodySchema } from '../../src/contracts/common';
import { stories, storyChapters } from '../../server/db/schema/content';
import { eq } from 'drizzle-orm';
import { birthdayForAge, createContentContext, createMember, ledgerRows, walletOf } from './content-fixtures';
import type { TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createContentContext();
});
afterAll(async () => {
  await ctx?.close();
});

const titles = (list: Story[]) => list.map((s) => s.title);

describe('videos', () => {
  it('GET /content/videos lists the seeded videos in English and French, with CDN sources and media posters', async () => {
    const member = await createMember(ctx);
    const en = await ctx.request('GET', '/api/content/videos', { token: member.token });
    expect(en.status).toBe(200);
    const list = VideoListResponseSchema.parse(en.body).data;
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.every((v) => v.sourceUrl.startsWith('/cdn/video-') && v.thumbnailSrc.startsWith('/api/media/'))).toBe(true);
    expect(list.every((v) => v.viewed === false && v.value > 0 && v.videoSourceType === 'file')).toBe(true);
    const fr = await ctx.request('GET', '/api/content/videos', { token: member.token, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    const frList = VideoListResponseSchema.parse(fr.body).data;
    expect(frList[0].id).toBe(list[0].id);
    expect(frList[0].name).not.toBe(list[0].name);
    expect(frList.map((v) => v.name)).toContain('Un arrêt au stand en 2,1 secondes');
  });

  it('visitors with the organization key can read the list, nothing viewed', async () => {
    const res = await ctx.request('GET', '/api/content/videos');
    expect(res.status).toBe(200);
    expect(VideoListResponseSchema.parse(res.body).data.every((v) => !v.viewed)).toBe(true);
  });

  it('POST /content/videos/{id}/view awards the value once; a replay answers the same award with created false', async () => {
    const member = await createMember(ctx);
    const [video] = VideoListResponseSchema.parse((await ctx.request('GET', '/api/content/videos', { token: member.token })).body).data;
    const first = await ctx.request('POST', `/api/content/videos/${video.id}/view`, { token: member.token, body: { checksum: '' } });
    expect(first.status).toBe(201);
    expect(ContentAwardResponseSchema.parse(first.body).data).toMatchObject({
      id: video.id,
      pointsAwarded: video.value,
      created: true,
      points: video.value,
    });
    const again = await ctx.request('POST', `/api/content/videos/${video.id}/view`, { token: member.token, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ pointsAwarded: video.value, created: false, points: video.value });
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: video.value, lifetimePoints: video.value, transactions: 1 });
    expect(await ledgerRows(ctx, member.userId, `video:${video.id}`)).toHaveLength(1);
    const list = VideoListResponseSchema.parse((await ctx.request('GET', '/api/content/videos', { token: member.token })).body).data;
    expect(list.find((v) => v.id === video.id)?.viewed).toBe(true);
  });

  it('20 concurrent duplicate views award exactly once', async () => {
    const member = await createMember(ctx);
    const [, video] = VideoListResponseSchema.parse((await ctx.request('GET', '/api/content/videos', { token: member.token })).body).data;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => ctx.request('POST', `/api/content/videos/${video.id}/view`, { token: member.token, body: {} })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201].sort());
    expect(results.filter((r) => r.body.data.created)).toHaveLength(1);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: video.value, transactions: 1 });
  });

  it('20 concurrent requests with one Idempotency-Key run once: the others are replays or 409 in flight', async () => {
    const member = await createMember(ctx);
    const [, , video] = VideoListResponseSchema.parse((await ctx.request('GET', '/api/content/videos', { token: member.token })).body).data;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request('POST', `/api/content/videos/${video.id}/view`, {
          token: member.token,
          body: {},
          headers: { 'idempotency-key': 'view-once-1' },
        }),
      ),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(results.filter((r) => r.status === 201).every((r) => r.body.data.created === true)).toBe(true);
    const replay = await ctx.request('POST', `/api/content/videos/${video.id}/view`, {
      token: member.token,
      body: {},
      headers: { 'idempotency-key': 'view-once-1' },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: video.value, transactions: 1 });
  });

  it('unknown ids are 404, visitors 401, bad bodies 422 — and nothing is awarded', async () => {
    const member = await createMember(ctx);
    const [video] = VideoListResponseSchema.parse((await ctx.request('GET', '/api/content/videos', { token: member.token })).body).data;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'or'1'='1"]) {
      const res = await ctx.request('POST', `/api/content/videos/${encodeURIComponent(id)}/view`, { token: member.token, body: {} });
      expect(res.status).toBe(404);
      expect(ApiErrorBodySchema.parse(res.body).error.code).toBe('NotFound');
    }
    const visitor = await ctx.request('POST', `/api/content/videos/${video.id}/view`, { body: {} });
    expect(visitor.status).toBe(401);
    const wrongType = await ctx.request('POST', `/api/content/videos/${video.id}/view`, { token: member.token, body: { checksum: 42 } });
    expect(wrongType.status).toBe(422);
    const unknownField = await ctx.request('POST', `/api/content/videos/${video.id}/view`, { token: member.token, body: { points: 1000 } });
    expect(unknownField.status).toBe(422);
    const notJson = await ctx.request('POST', `/api/content/videos/${video.id}/view`, {
      token: member.token,
      raw: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 0, transactions: 0 });
  });
});

describe('articles', () => {
  it("GET /content/articles and /content/articles/{id} (id or slug) answer real bodies in the member's language", async () => {
    const member = await createMember(ctx);
    const list = ArticleListResponseSchema.parse((await ctx.request('GET', '/api/content/articles', { token: member.token })).body).data;
    expect(list.length).toBeGreaterThanOrEqual(4);
    const article = list[0];
    expect(article.url).toBe(`/articles/${article.id}`);
    // The demo's articles are written in Markdown: fans get the server's sanitized HTML.
    expect(article.bodyHtml?.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    const byId = ArticleResponseSchema.parse(
      (await ctx.request('GET', `/api/content/articles/${article.id}`, { token: member.token })).body,
    ).data;
    expect(byId).toEqual(article);
    const bySlug = await ctx.request('GET', `/api/content/articles/${article.slug}`, {
      token: member.token,
      headers: { 'accept-language': 'fr' },
    });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.id).toBe(article.id);
    expect(bySlug.body.data.title).not.toBe(article.title);
    expect(bySlug.body.data.bodyHtml).not.toBe(article.bodyHtml);
    expect((await ctx.request('GET', '/api/content/articles/no-such-article', { token: member.token })).status).toBe(404);
  });

  it('POST /content/articles/{id}/read awards once, also under 20 concurrent duplicates', async () => {
    const member = await createMember(ctx);
    const [article] = ArticleListResponseSchema.parse(
      (await ctx.request('GET', '/api/content/articles', { token: member.token })).body,
    ).data;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request('POST', `/api/content/articles/${article.id}/read`, { token: member.token, body: { checksum: '' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(results.every((r) => r.body.data.pointsAwarded === article.value)).toBe(true);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: article.value, transactions: 1 });
    expect(await ledgerRows(ctx, member.userId, `article:${article.id}`)).toHaveLength(1);
    const after = ArticleResponseSchema.parse(
      (await ctx.request('GET', `/api/content/articles/${article.id}`, { token: member.token })).body,
    ).data;
    expect(after.read).toBe(true);
    expect(
      (await ctx.request('POST', '/api/content/articles/00000000-0000-4000-8000-000000000000/read', { token: member.token, body: {} }))
        .status,
    ).toBe(404);
  });
});

describe('stories', () => {
  it('GET /content/stories lists live stories with chapters in orderIndex order; expired ones are gone', async () => {
    const member = await createMember(ctx);
    const res = await ctx.request('GET', '/api/content/stories', { token: member.token });
    expect(res.status).toBe(200);
    const list = StoryListResponseSchema.parse(res.body).data;
    expect(titles(list)).toEqual(expect.arrayContaining(['Race day live: Monza', 'Powered by Blue Horizon Energy', 'Save to Home']));
    expect(titles(list)).not.toContain('Winter testing diary');
    for (const s of list) {
      expect(s.chapters.length).toBeGreaterThanOrEqual(2);
      expect(s.chapters.map((c) => c.orderIndex)).toEqual([...s.chapters.map((c) => c.orderIndex)].sort((a, b) => a - b));
    }
    expect(list.find((s) => s.type === 'live')).toBeDefined();
    const sponsored = list.find((s) => s.type === 'sponsored')!;
    expect(sponsored.chapters.every((c) => c.sponsorUrl?.startsWith('https://'))).toBe(true);
    expect(list.find((s) => s.title === 'Save to Home')?.shareable).toBe(false);
    const fr = StoryListResponseSchema.parse(
      (await ctx.request('GET', '/api/content/stories', { token: member.token, headers: { 'accept-language': 'fr' } })).body,
    ).data;
    expect(titles(fr)).toContain('Jour de course en direct : Monza');
  });

  it('rank-coded stories: a new member (P10) sees "P10 …" but not "P1 …" nor "P9 …"; visitors see none', async () => {
    const member = await createMember(ctx);
    const list = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: member.token })).body).data;
    const ranked = titles(list).filter((t) => /^P\d+\b/.test(t));
    expect(ranked).toEqual(['P10 Welcome pack: your first steps']);
    expect(list.find((s) => s.title.startsWith('P10'))?.shareable).toBe(false);
    const visitor = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories')).body).data;
    expect(titles(visitor).filter((t) => /^P\d+\b/.test(t))).toEqual([]);
  });

  it('an adult of rank P9 sees the P9 story and not the P1 one; a P1 adult sees only P1; an underage P1 sees none', async () => {
    const p9 = await createMember(ctx, { points: 150 });
    const p9Titles = titles(
      StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: p9.token })).body).data,
    );
    expect(p9Titles.filter((t) => /^P\d+\b/.test(t))).toEqual(['P9 Garage tour: your first rank-up reward']);
    const p1 = await createMember(ctx, { points: 12_000, birthday: birthdayForAge(ctx.clock(), 30) });
    const p1List = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: p1.token })).body).data;
    expect(titles(p1List).filter((t) => /^P\d+\b/.test(t))).toEqual(['P1 Paddock pass: meet the drivers']);
    const p1Story = p1List.find((s) => s.title.startsWith('P1 '))!;
    expect(p1Story.shareable).toBe(false);
    expect((await ctx.request('GET', `/api/content/stories/${p1Story.id}`, { token: p1.token })).status).toBe(200);
    expect((await ctx.request('GET', `/api/content/stories/${p1Story.id}`, { token: p9.token })).status).toBe(404);
    const minor = await createMember(ctx, { points: 12_000, birthday: birthdayForAge(ctx.clock(), 16) });
    const minorTitles = titles(
      StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: minor.token })).body).data,
    );
    expect(minorTitles.filter((t) => /^P\d+\b/.test(t))).toEqual([]);
    const hidden = await ctx.request('POST', `/api/content/stories/${p1Story.id}/chapter-view/${p1Story.chapters[0].id}`, {
      token: minor.token,
      body: {},
    });
    expect(hidden.status).toBe(404);
  });

  it('viewing every chapter (in any order, with replays) awards each once and marks the story viewed', async () => {
    const member = await createMember(ctx);
    const list = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: member.token })).body).data;
    const story = list.find((s) => s.title === 'Behind the scenes: the garage')!;
    let last;
    for (const chapter of [...story.chapters].reverse()) {
      last = await ctx.request('POST', `/api/content/stories/${story.id}/chapter-view/${chapter.id}`, { token: member.token, body: {} });
      expect(last.status).toBe(201);
    }
    expect(ChapterViewResponseSchema.parse(last!.body).data.storyViewed).toBe(true);
    const replay = await ctx.request('POST', `/api/content/stories/${story.id}/chapter-view/${story.chapters[0].id}`, {
      token: member.token,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ created: false, storyViewed: true });
    const total = story.chapters.reduce((n, c) => n + c.value, 0);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: total, transactions: story.chapters.length });
    const detail = StoryResponseSchema.parse(
      (await ctx.request('GET', `/api/content/stories/${story.id}`, { token: member.token })).body,
    ).data;
    expect(detail.viewed).toBe(true);
    expect(detail.chapters.every((c) => c.viewed)).toBe(true);
  });

  it('20 concurrent duplicate chapter views award once', async () => {
    const member = await createMember(ctx);
    const story = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: member.token })).body).data.find(
      (s) => s.type === 'live',
    )!;
    const chapter = story.chapters[1];
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request('POST', `/api/content/stories/${story.id}/chapter-view/${chapter.id}`, { token: member.token, body: {} }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(await ledgerRows(ctx, member.userId, `story-chapter:${chapter.id}`)).toHaveLength(1);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: chapter.value, transactions: 1 });
  });

  it('a chapter of another story, an unknown chapter, or a story outside its window is 422 StoryChapterView with the spec message', async () => {
    const member = await createMember(ctx);
    const list = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: member.token })).body).data;
    const [a, b] = list;
    for (const chapterId of [b.chapters[0].id, '00000000-0000-4000-8000-000000000000', 'chapter-1']) {
      const res = await ctx.request('POST', `/api/content/stories/${a.id}/chapter-view/${chapterId}`, { token: member.token, body: {} });
      expect(res.status).toBe(422);
      expect(ApiErrorBodySchema.parse(res.body).error).toMatchObject({
        code: 'StoryChapterView',
        message: STORY_CHAPTER_VIEW_ERROR_MESSAGE,
      });
    }
    const [expired] = await ctx.db.select().from(stories).where(eq(stories.title, 'Winter testing diary'));
    const [expiredChapter] = await ctx.db.select().from(storyChapters).where(eq(storyChapters.storyId, expired.id));
    const chapterId = expiredChapter.id;
    const late = await ctx.request('POST', `/api/content/stories/${expired.id}/chapter-view/${chapterId}`, {
      token: member.token,
      body: {},
    });
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({ code: 'StoryChapterView', message: STORY_CHAPTER_VIEW_ERROR_MESSAGE });
    expect((await ctx.request('GET', `/api/content/stories/${expired.id}`, { token: member.token })).status).toBe(404);
    expect(
      (
        await ctx.request('POST', `/api/content/stories/00000000-0000-4000-8000-000000000000/chapter-view/${a.chapters[0].id}`, {
          token: member.token,
          body: {},
        })
      ).status,
    ).toBe(404);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 0, transactions: 0 });
  });

  it('the server clock decides the window: the live story is gone after its stopsAt and its chapters answer 422', async () => {
    const member = await createMember(ctx);
    const live = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: member.token })).body).data.find(
      (s) => s.type === 'live',
    )!;
    const saved = ctx.clock();
    try {
      ctx.clock.set(new Date(new Date(live.stopsAt!).getTime() + 1000));
      const later = StoryListResponseSchema.parse((await ctx.request('GET', '/api/content/stories', { token: member.token })).body).data;
      expect(later.find((s) => s.id === live.id)).toBeUndefined();
      const res = await ctx.request('POST', `/api/content/stories/${live.id}/chapter-view/${live.chapters[0].id}`, {
        token: member.token,
        body: {},
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('StoryChapterView');
    } finally {
      ctx.clock.set(saved);
    }
  });
});

describe('downloads', () => {
  it('GET /content/downloads lists PDFs whose files are served at {cdnBase}/{id} with their real size', async () => {
    const res = await ctx.request('GET', '/api/content/downloads');
    expect(res.status).toBe(200);
    const list = DownloadListResponseSchema.parse(res.body).data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const d of list) {
      const file = await ctx.app.request(`/cdn/${d.id}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(bytes.length).toBe(d.sizeBytes);
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    }
  });

  it('CDN files may be read by the app from another origin (CORS), a Range request included', async () => {
    const list = DownloadListResponseSchema.parse((await ctx.request('GET', '/api/content/downloads')).body).data;
    const origin = 'https://club.example';
    const file = await ctx.app.request(`/cdn/${list[0].id}`, { headers: { Origin: origin } });
    expect(file.status).toBe(200);
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    const part = await ctx.app.request(`/cdn/${list[0].id}`, { headers: { Origin: origin, Range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('access-control-allow-origin')).toBe('*');
    expect(part.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(await part.text()).toBe('%PDF-');
    const preflight = await ctx.app.request(`/cdn/${list[0].id}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
