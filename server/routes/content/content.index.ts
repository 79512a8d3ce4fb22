/**
 * Content routes (spec §7), mounted at `/api/content` behind authentication and Idempotency-Key:
 * - `GET /videos`, `GET /articles`, `GET /articles/{id}`, `GET /stories`, `GET /stories/{id}`,
 *   `GET /downloads` (decision 0012), `GET /playlists` (decision 0049): members and visitors (organization key); visitors see nothing viewed
 *   and no rank-coded story.
 * - `POST /videos/{id}/view`, `POST /articles/{id}/read` (body `{checksum?}`), and
 *   `POST /stories/{id}/chapter-view/{chapterId}`: members only; 201 when the award is new, 200 with
 *   `created: false` when it already existed. 404 unknown item; 422 StoryChapterView (spec §8).
 */
import { ambientPrepared } from '../../db/request-transaction';
import { Hono, type Context } from 'hono';
import { ContentAwardBodySchema } from '../../../src/contracts/content';
import { readJson, sendData } from '../../lib/http';
import type { AppDeps, AppEnv } from '../../lib/types';
import { requireUser } from '../../middlewares/authenticate';
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
import { languageOf } from './localize';

/** Builds the content route group for one app. */
export function contentRoutes(deps: AppDeps) {
  const q = ambientPrepared(prepareContentQueries(deps.db));
  const ctx = (c: Context<AppEnv>): ReadContext => ({ principal: c.get('principal'), language: languageOf(c), now: deps.clock() });
  return new Hono<AppEnv>()
    .get('/videos', async (c) => sendData(c, await listVideos(deps, q, ctx(c))))
    .post('/videos/:id/view', async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      await readJson(c, ContentAwardBodySchema);
      const result = await recordVideoView(deps, organization.id, user.id, c.req.param('id'));
      return sendData(c, result, result.created ? 201 : 200);
    })
    .get('/articles', async (c) => sendData(c, await listArticles(q, ctx(c))))
    .get('/articles/:id', async (c) => sendData(c, await getArticle(q, ctx(c), c.req.param('id'))))
    .post('/articles/:id/read', async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      await readJson(c, ContentAwardBodySchema);
      const result = await recordArticleRead(deps, organization.id, user.id, c.req.param('id'));
      return sendData(c, result, result.created ? 201 : 200);
    })
    .get('/stories', async (c) => sendData(c, await listStories(deps, q, ctx(c))))
    .get('/stories/:id', async (c) => sendData(c, await getStory(deps, q, ctx(c), c.req.param('id'))))
    .post('/stories/:id/chapter-view/:chapterId', async (c) => {
      const principal = requireUser(c.get('principal'));
      await readJson(c, ContentAwardBodySchema);
      const result = await recordChapterView(deps, { ...ctx(c), principal }, c.req.param('id'), c.req.param('chapterId'));
      return sendData(c, result, result.created ? 201 : 200);
    })
    .get('/downloads', async (c) => sendData(c, await listDownloads(deps, q, ctx(c))))
    .get('/playlists', async (c) => sendData(c, await listPlaylists(deps, q, ctx(c))));
}
