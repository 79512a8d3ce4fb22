/**
 * Optional chunks and the service worker (ARCHITECTURE §6; scripts/lib/optional-chunks.ts): the chunks
 * only some deployments or browsers load — PostHog analytics, OpenTelemetry browser traces, the Supabase client, the
 * `jsqr` QR decoder (browsers without a QR `BarcodeDetector`) — are not in
 * the precache, and a deployment that does load them still starts offline with them once they have been loaded.
 *
 * The optional chunks are found independently of the build plugin, from the chunks' source maps
 * (`optional-chunk-files.ts`).
 * The second test runs its own server (`E2E_OPTIONAL_PORT`, default E2E_PORT + 2) on the same build, with an
 * analytics key and a telemetry endpoint configured (both pointing at a closed local port: nothing is received).
 */
import { CONSOLE_CHUNKS_LIST } from '../../scripts/lib/console-chunks';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_PORT } from '../../playwright.config';
import { startExtraServer, type ExtraServer } from './extra-server';
import { optionalChunksOfBuild } from './optional-chunk-files';
import { expect, goOffline, test } from './offline-network';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const STATIC_DIR = process.env.STATIC_DIR ?? 'dist';
const OPTIONAL_PORT = Number(process.env.E2E_OPTIONAL_PORT ?? E2E_PORT + 2);

/** URL paths listed in the precache manifest injected into the build's `sw.js`. */
async function precacheManifest(dir: string): Promise<string[]> {
  const sw = await readFile(join(dir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => `/${m[1].replace(/^\//, '')}`);
}

test.describe('optional chunks', () => {
  test("the precache leaves out the PostHog, OpenTelemetry, Supabase and jsqr chunks and the console's, and keeps every other chunk", async ({
    page,
  }) => {
    const optional = await optionalChunksOfBuild(STATIC_DIR);
    expect(new Set(optional.map((c) => c.packageName)), 'the build has one chunk of each optional library').toEqual(
      new Set(['posthog-js', '@opentelemetry', '@supabase', 'jsqr']),
    );
    const manifest = await precacheManifest(STATIC_DIR);
    const optionalPaths = optional.map((c) => c.path);
    expect(manifest.filter((url) => optionalPaths.includes(url))).toEqual([]);
    // The operator console's chunks stay out too (only operators load them).
    const consolePaths = (JSON.parse(await readFile(join(STATIC_DIR, CONSOLE_CHUNKS_LIST), 'utf8')) as string[]).map((file) => `/${file}`);
    expect(consolePaths.filter((path) => path.endsWith('.js')).length, 'the build has console chunks').toBeGreaterThan(0);
    expect(manifest.filter((url) => consolePaths.includes(url))).toEqual([]);
    const otherChunks = (await readdir(join(STATIC_DIR, 'assets')))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `/assets/${name}`)
      .filter((path) => !optionalPaths.includes(path) && !consolePaths.includes(path));
    expect(
      otherChunks.filter((path) => !manifest.includes(path)),
      'every other chunk is precached',
    ).toEqual([]);

    // The installed worker's precache agrees.
    await page.goto('/login');
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    const precached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(precached.length).toBeGreaterThan(50);
    expect(precached.filter((url) => optionalPaths.includes(url))).toEqual([]);
  });

  test.describe('a deployment with analytics and telemetry', () => {
    let server: ExtraServer;
    test.beforeAll(async () => {
      server = await startExtraServer(OPTIONAL_PORT, {
        STATIC_DIR,
        PUBLIC_ANALYTICS_KEY: 'phc_podium_e2e_offline',
        PUBLIC_ANALYTICS_HOST: 'http://127.0.0.1:9',
        PUBLIC_TELEMETRY_ENDPOINT: 'http://127.0.0.1:9',
      });
    });
    test.afterAll(async () => {
      await server?.stop();
    });
    test.use({ baseURL: `http://127.0.0.1:${OPTIONAL_PORT}` });

    test('loads the analytics and telemetry chunks once online, then starts offline with them from the service worker', async ({
      page,
      context,
    }) => {
      const wanted = (await optionalChunksOfBuild(STATIC_DIR))
        .filter((c) => c.packageName === 'posthog-js' || c.packageName === '@opentelemetry')
        .map((c) => c.path);
      expect(wanted).toHaveLength(2);
      const loadedChunks = () =>
        page.evaluate(
          (paths) =>
            performance
              .getEntriesByType('resource')
              .map((e) => e as PerformanceResourceTiming)
              .filter((e) => paths.includes(new URL(e.name).pathname))
              .map((e) => ({ path: new URL(e.name).pathname, status: e.responseStatus })),
          wanted,
        );

      // First visit: the chunks load after the first screen settles (possibly before the new worker controls
      // the page); the worker caches them at run time (or from the page's list when it first activates).
      await page.goto('/login');
      await expect.poll(async () => (await loadedChunks()).map((c) => c.path).sort(), { timeout: 20_000 }).toEqual(wanted);
      await page.waitForFunction(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      });
      const cachedAssets = () =>
        page.evaluate(async () => {
          const cache = await caches.open('podium-assets-v1');
          return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
        });
      await expect.poll(cachedAssets, { timeout: 15_000 }).toEqual(expect.arrayContaining(wanted));

      // No network, and no browser cache (the HTTP and memory caches would otherwise answer for these immutable
      // files; a phone evicts them freely): the app starts from the worker and gets both chunks from its cache.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await goOffline(context);
      await page.reload();
      await expect(page.getByLabel(/e-?mail/i)).toBeVisible();
      await expect
        .poll(async () => (await loadedChunks()).sort((a, b) => a.path.localeCompare(b.path)), { timeout: 20_000 })
        .toEqual(wanted.map((path) => ({ path, status: 200 })));
      const fetched = await page.evaluate(
        (paths) =>
          Promise.all(
            paths.map((path) =>
              fetch(path, { cache: 'no-store' }).then(
                (r) => r.status,
                () => 0,
              ),
            ),
          ),
        wanted,
      );
      expect(fetched, 'served offline by the service worker').toEqual([200, 200]);
      await cdp.detach();
    });
  });
});
