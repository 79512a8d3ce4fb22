/**
 * Content routes (spec §7), mounted at `/api/content` behind authentication and Idempotency-Key:
 * - `GET /videos`, `GET /articles`, `GET /articles/{id}`, `GET /stories`, `GET /stories/{id}`,
 *   `GET /downloads`, `GET /playlists`: members and visitors (organization key); visitors see nothing viewed
 *   and no rank-coded story.
 * - `POST /videos/{id}/view`, `POST /articles/{id}/read` (body `{checksum?}`), and
 *   `POST /stories/{id}/chapter-view/{chapterId}`: members only; 201 when the award is new, 200 with
 *   `created: false` when it already existed. 404 unknown item; 422 StoryChapterView (spec §8).
 */
import { Hono, type Context } from 'hono';
import {
  ArticleListResponseSchema,
  ArticleResponseSchema,
  ChapterViewResponseSchema,
  ContentAwardBodySchema,
  ContentAwardResponseSchema,
  ContentIdSchema,
  DownloadListResponseSchema,
  PlaylistListResponseSchema,
  StoryListResponseSchema,
  StoryResponseSchema,
  VideoListResponseSchema,
} from '../../../src/contracts/content';
import { readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireUser } from '../../kernel/authenticate';
import {
  getArticle,
  getStory,
  listArticles,
  listDownloads,
  listPlaylists,
  listStories,
  listVideos,
  prepareContentQueries,
  recordArticleRead,
  recordChapterView,
  recordVideoView,
  type ReadContext,
} from './content.service';
import { languageOf } from '../../lib/localize';

/** Builds the content route group for one app. */
export function contentRoutes(deps: AppDeps) {
  const q = deps.prepared(prepareContentQueries);
  const ctx = (c: Context<AppEnv>): ReadContext => ({ principal: c.get('principal'), language: languageOf(c), now: deps.clock() });
  return new Hono<AppEnv>()
    .get(
      '/videos',
      documented({
        summary: 'The videos',
        tags: ['content'],
        auth: 'visitor-or-member',
        response: VideoListResponseSchema,
      }),
      async (c) => sendData(c, await listVideos(deps, q, ctx(c))),
    )
    .post(
      '/videos/:id/view',
      documented({
        summary: 'Records that the member watched a video: its points, once',
        tags: ['content'],
        params: { id: ContentIdSchema },
        body: ContentAwardBodySchema,
        response: ContentAwardResponseSchema,
        status: { 201: 'The award is new.', 200: 'The award already existed (`created: false`); nothing changed.' },
        errors: { 404: 'NotFound: no video has this id.' },
      }),
      async (c) => {
        const { user, organization } = requireUser(c.get('principal'));
        await readJson(c, ContentAwardBodySchema);
        const result = await recordVideoView(deps, organization.id, user.id, c.req.param('id'));
        return sendData(c, result, result.created ? 201 : 200);
      },
    )
    .get(
      '/articles',
      documented({
        summary: 'The articles',
        tags: ['content'],
        auth: 'visitor-or-member',
        response: ArticleListResponseSchema,
      }),
      async (c) => sendData(c, await listArticles(q, ctx(c))),
    )
    .get(
      '/articles/:id',
      documented({
        summary: 'One article',
        tags: ['content'],
        auth: 'visitor-or-member',
        params: { id: ContentIdSchema },
        response: ArticleResponseSchema,
        errors: { 404: 'NotFound: no article has this id.' },
      }),
      async (c) => sendData(c, await getArticle(q, ctx(c), c.req.param('id'))),
    )
    .post(
      '/articles/:id/read',
      documented({
        summary: 'Records that the member read an article: its points, once',
        tags: ['content'],
        params: { id: ContentIdSchema },
        body: ContentAwardBodySchema,
        response: ContentAwardResponseSchema,
        status: { 201: 'The award is new.', 200: 'The award already existed (`created: false`); nothing changed.' },
        errors: { 404: 'NotFound: no article has this id.' },
      }),
      async (c) => {
        const { user, organization } = requireUser(c.get('principal'));
        await readJson(c, ContentAwardBodySchema);
        const result = await recordArticleRead(deps, organization.id, user.id, c.req.param('id'));
        return sendData(c, result, result.created ? 201 : 200);
      },
    )
    .get(
      '/stories',
      documented({
        summary: 'The stories (visitors: no rank-coded story)',
        tags: ['content'],
        auth: 'visitor-or-member',
        response: StoryListResponseSchema,
      }),
      async (c) => sendData(c, await listStories(deps, q, ctx(c))),
    )
    .get(
      '/stories/:id',
      documented({
        summary: 'One story with its chapters',
        tags: ['content'],
        auth: 'visitor-or-member',
        params: { id: ContentIdSchema },
        response: StoryResponseSchema,
        errors: { 404: 'NotFound: no visible story has this id.' },
      }),
      async (c) => sendData(c, await getStory(deps, q, ctx(c), c.req.param('id'))),
    )
    .post(
      '/stories/:id/chapter-view/:chapterId',
      documented({
        summary: 'Records that the member viewed a story chapter: its points, once',
        tags: ['content'],
        params: { id: ContentIdSchema, chapterId: ContentIdSchema },
        body: ContentAwardBodySchema,
        response: ChapterViewResponseSchema,
        status: { 201: 'The award is new.', 200: 'The award already existed (`created: false`); nothing changed.' },
        errors: {
          404: 'NotFound: no visible story has this id.',
          422:
            'StoryChapterView: the story is not running or the chapter is not in it (details.reason); ValidationFailed: ' +
            'the body breaks the contract.',
        },
      }),
      async (c) => {
        const principal = requireUser(c.get('principal'));
        await readJson(c, ContentAwardBodySchema);
        const result = await recordChapterView(deps, { ...ctx(c), principal }, c.req.param('id'), c.req.param('chapterId'));
        return sendData(c, result, result.created ? 201 : 200);
      },
    )
    .get(
      '/downloads',
      documented({
        summary: 'The digital downloads (PDF files)',
        tags: ['content'],
        auth: 'visitor-or-member',
        response: DownloadListResponseSchema,
      }),
      async (c) => sendData(c, await listDownloads(deps, q, ctx(c))),
    )
    .get(
      '/playlists',
      documented({
        summary: 'The playlists with their videos',
        tags: ['content'],
        auth: 'visitor-or-member',
        response: PlaylistListResponseSchema,
      }),
      async (c) => sendData(c, await listPlaylists(deps, q, ctx(c))),
    );
}
