/**
 * `GET /cdn/{file}`: the demo CDN (`cdnBase`, default `/cdn`): video clips (with Range requests, 206) and
 * PDF downloads from `server/seed/cdn/`, served by @hono/node-server's serveStatic. Only plain file names
 * ending in .mp4, .webm or .pdf are served (the generator scripts next to them are not); anything else is
 * 404. Files are immutable by name: cached for a day, revalidated by Last-Modified.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { notFound } from '../../lib/errors';
import type { AppDeps, AppEnv } from '../../lib/types';
import { CDN_DIR } from '../../storage/demo-cdn';

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
  return new Hono<AppEnv>().on(['GET', 'HEAD'], '/cdn/*', async (c, next) => {
    if (!FILE.test(c.req.path)) throw notFound('File not found');
    const res = await files(c, next);
    if (!res && !c.finalized) throw notFound('File not found');
    return res;
  });
}
