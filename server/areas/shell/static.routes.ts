/**
 * The built PWA (`STATIC_DIR`, `./dist` by default): files as they are (or their precompressed .br/.gz), hashed `/assets/*` cached for a year,
 * `sw.js` never cached and allowed to control `/`, and the SPA fallback: a GET navigation (Accept: text/html)
 * outside `/api` that matches no file gets `index.html`. Without a build, navigations get a 503 page that says
 * to run `npm run build`. Every HTML answer (`/`, `/index.html`, the fallback, the 503 page) carries the
 * Content-Security-Policy built for that HTML and the runtime config, and is compressed when the browser accepts it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { shellHeaders } from '../../lib/middlewares/security-headers';
import { runtimeConfig } from './config.routes';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Podium is not built yet</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1b1f24}
code{background:#eef2f7;padding:.1rem .35rem;border-radius:4px}</style></head>
<body><h1>The Podium web app is not built yet</h1>
<p>The API is running, but there is no built PWA to serve. Run <code>npm run build</code> (or start everything
with <code>npm start</code>), then reload this page.</p></body></html>`;

export function staticRoutes(deps: AppDeps) {
  const root = deps.env.STATIC_DIR;
  const indexPath = join(root, 'index.html');
  let files: MiddlewareHandler | undefined;
  // Built lazily: `npm run build` may finish after the server started.
  const getFiles = () => {
    // `precompressed`: serves the .br/.gz files written by scripts/precompress.mjs when the browser accepts them.
    if (!files && existsSync(root)) files = serveStatic({ root, precompressed: true });
    return files;
  };
  /** Serves a file from the build with `headers` added, or passes on. */
  const serveFile =
    (headers: (path: string) => Record<string, string>): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();
      const handler = getFiles();
      if (!handler) return next();
      const res = await handler(c, next);
      if (res instanceof Response && res.ok) {
        for (const [name, value] of Object.entries(headers(c.req.path))) res.headers.set(name, value);
      }
      return res;
    };

  const config = runtimeConfig(deps.env);
  /** Serves `index.html` (read on each request: a redeploy replaces it under a running server) with its CSP. */
  const serveShell: MiddlewareHandler<AppEnv> = async (c) => {
    if (!existsSync(indexPath)) {
      return c.html(NOT_BUILT_PAGE, 503, { 'Cache-Control': 'no-store', 'Retry-After': '30', ...shellHeaders(config, NOT_BUILT_PAGE) });
    }
    const html = await readFile(indexPath, 'utf8');
    return c.html(html, 200, { 'Cache-Control': 'no-cache', ...shellHeaders(config, html) });
  };

  const app = new Hono<AppEnv>();
  // The shell is compressed (gzip or deflate, as the browser accepts): every first visit waits for it, and most of
  // it is inline script, which compresses to less than half.
  const compressShell = compress();
  // The shell itself, before the file server, so that it always gets its headers.
  app.get('/', compressShell, serveShell);
  app.get('/index.html', compressShell, serveShell);
  app.get(
    '/sw.js',
    serveFile(() => ({ 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' })),
  );
  app.get(
    '*',
    serveFile((path) => ({
      'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })),
  );
  app.get('*', async (c, next) => {
    const isNavigation = (c.req.header('accept') ?? '').includes('text/html');
    if (!isNavigation || c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();
    await compressShell(c, async () => {
      c.res = (await serveShell(c, next)) as Response;
    });
    return c.res;
  });
  return app;
}
