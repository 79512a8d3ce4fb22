/**
 * Content routes (spec §7), mounted at `/api/content` behind authentication and Idempotency-Key:
 * - `GET /videos`, `GET /articles`, `GET /articles/{id}`, `GET /stories`, `GET /stories/{id}`,
 *   `GET /downloads`, `GET /playlists`: members and visitors (organization key); visitors see nothing viewed
 *   and no rank-coded story.
 * - `POST /videos/{id}/view`, `POST /articles/{id}/read` (body `{checksum?}`), and
 *   `POST /stories/{id}/chapter-view/{chapterId}`: members only; 201 when the award is new, 200 with
 *   `created: false` when it already existed. 404 unknown item; 422 StoryChapterView (spec §8).
 */
import type { Context } from 'hono';
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
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
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

/** `GET /content/videos`. */
const videosRoute = declareRoute({
  method: 'get',
  path: '/videos',
  summary: 'The videos',
  tags: ['content'],
  auth: 'visitor-or-member',
  response: VideoListResponseSchema,
});

/** `POST /content/videos/{id}/view`. */
const videoViewRoute = declareRoute({
  method: 'post',
  path: '/videos/{id}/view',
  summary: 'Records that the member watched a video: its points, once',
  tags: ['content'],
  params: { id: ContentIdSchema },
  body: ContentAwardBodySchema,
  response: ContentAwardResponseSchema,
  status: { 201: 'The award is new.', 200: 'The award already existed (`created: false`); nothing changed.' },
  errors: { 404: 'NotFound: no video has this id.' },
});

/** `GET /content/articles`. */
const articlesRoute = declareRoute({
  method: 'get',
  path: '/articles',
  summary: 'The articles',
  tags: ['content'],
  auth: 'visitor-or-member',
  response: ArticleListResponseSchema,
});

/** `GET /content/articles/{id}`. */
const articleRoute = declareRoute({
  method: 'get',
  path: '/articles/{id}',
  summary: 'One article',
  tags: ['content'],
  auth: 'visitor-or-member',
  params: { id: ContentIdSchema },
  response: ArticleResponseSchema,
  errors: { 404: 'NotFound: no article has this id.' },
});

/** `POST /content/articles/{id}/read`. */
const articleReadRoute = declareRoute({
  method: 'post',
  path: '/articles/{id}/read',
  summary: 'Records that the member read an article: its points, once',
  tags: ['content'],
  params: { id: ContentIdSchema },
  body: ContentAwardBodySchema,
  response: ContentAwardResponseSchema,
  status: { 201: 'The award is new.', 200: 'The award already existed (`created: false`); nothing changed.' },
  errors: { 404: 'NotFound: no article has this id.' },
});

/** `GET /content/stories`. */
const storiesRoute = declareRoute({
  method: 'get',
  path: '/stories',
  summary: 'The stories (visitors: no rank-coded story)',
  tags: ['content'],
  auth: 'visitor-or-member',
  response: StoryListResponseSchema,
});

/** `GET /content/stories/{id}`. */
const storyRoute = declareRoute({
  method: 'get',
  path: '/stories/{id}',
  summary: 'One story with its chapters',
  tags: ['content'],
  auth: 'visitor-or-member',
  params: { id: ContentIdSchema },
  response: StoryResponseSchema,
  errors: { 404: 'NotFound: no visible story has this id.' },
});

/** `POST /content/stories/{id}/chapter-view/{chapterId}`. */
const chapterViewRoute = declareRoute({
  method: 'post',
  path: '/stories/{id}/chapter-view/{chapterId}',
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
});

/** `GET /content/downloads`. */
const downloadsRoute = declareRoute({
  method: 'get',
  path: '/downloads',
  summary: 'The digital downloads (PDF files)',
  tags: ['content'],
  auth: 'visitor-or-member',
  response: DownloadListResponseSchema,
});

/** `GET /content/playlists`. */
const playlistsRoute = declareRoute({
  method: 'get',
  path: '/playlists',
  summary: 'The playlists with their videos',
  tags: ['content'],
  auth: 'visitor-or-member',
  response: PlaylistListResponseSchema,
});

/** Builds the content route group for one app. */
export function contentRoutes(deps: AppDeps) {
  const q = deps.prepared(prepareContentQueries);
  const ctx = (c: Context<AppEnv>): ReadContext => ({ principal: c.get('principal'), language: languageOf(c), now: deps.clock() });
  return routeGroup()
    .openapi(videosRoute, async (c) => sendData(c, await listVideos(deps, q, ctx(c))))
    .openapi(videoViewRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      const result = await recordVideoView(deps, organization.id, user.id, id);
      return sendData(c, result, result.created ? 201 : 200);
    })
    .openapi(articlesRoute, async (c) => sendData(c, await listArticles(q, ctx(c))))
    .openapi(articleRoute, async (c) => sendData(c, await getArticle(q, ctx(c), c.req.valid('param').id)))
    .openapi(articleReadRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      const result = await recordArticleRead(deps, organization.id, user.id, id);
      return sendData(c, result, result.created ? 201 : 200);
    })
    .openapi(storiesRoute, async (c) => sendData(c, await listStories(deps, q, ctx(c))))
    .openapi(storyRoute, async (c) => sendData(c, await getStory(deps, q, ctx(c), c.req.valid('param').id)))
    .openapi(chapterViewRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { id, chapterId } = c.req.valid('param');
      const result = await recordChapterView(deps, { ...ctx(c), principal }, id, chapterId);
      return sendData(c, result, result.created ? 201 : 200);
    })
    .openapi(downloadsRoute, async (c) => sendData(c, await listDownloads(deps, q, ctx(c))))
    .openapi(playlistsRoute, async (c) => sendData(c, await listPlaylists(deps, q, ctx(c))));
}
