/**
 * `GET /cdn/{file}`: the demo CDN (`cdnBase`, default `/cdn`): video clips (with Range requests, 206) and
 * PDF downloads from `server/seed/cdn/`, served by @hono/node-server's serveStatic. Only plain file names
 * ending in .mp4, .webm or .pdf are served (the generator scripts next to them are not); anything else is
 * 404. Files are immutable by name: cached for a day, revalidated by Last-Modified.
 *
 * Every answer allows any origin to read it (`Access-Control-Allow-Origin: *`): the files are
 * public and need no credentials, and the app, on its own origin, fetches a PDF or a video it keeps for offline use
 * with CORS so the service worker can store and later answer it (an opaque answer could be neither read into a blob
 * nor sliced for a Range request).
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { notFound } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { CDN_DIR } from '../../lib/storage/demo-cdn';

const FILE = /^\/cdn\/([a-z0-9][a-z0-9-]{0,80}\.(?:mp4|webm|pdf))$/;
const TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', pdf: 'application/pdf' };

/** Builds the `/cdn/*` route group (mounted at `/`). */
export function cdnRoutes(_deps: AppDeps) {
  const files = serveStatic({
    root: CDN_DIR,
    rewriteRequestPath: (path) => path.replace(/^\/cdn\//, '/'),
    onFound: (path, c) => {
      c.header('Cache-Control', 'public, max-age=86400');
      c.header('Content-Type', TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
  // Content-Length and the Range headers are read by the page (its size budget, a partial answer's extent).
  const anyOrigin = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD'],
    exposeHeaders: ['Content-Length', 'Content-Range', 'Accept-Ranges'],
  });
  return new Hono<AppEnv>().use('/cdn/*', anyOrigin).on(['GET', 'HEAD'], '/cdn/*', async (c, next) => {
    if (!FILE.test(c.req.path)) throw notFound('File not found');
    const res = await files(c, next);
    if (!res && !c.finalized) throw notFound('File not found');
    return res;
  });
}
