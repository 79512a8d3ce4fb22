/**
 * `npm run bench:offline` (benchmark, not a timed test). Against the real server and the built PWA with its
 * real service worker, in Debian's Chromium, for the demo member (a freshly signed-in fan of the seeded
 * organization):
 * - offline warm start: time from navigation start to the dashboard's cached content (the check-in button),
 *   with the network off, median (and min/max) of 10 reopenings, in ms, on the page's own clock, and where that
 *   time goes (median time the shell HTML, the last script and /config.json arrived, and DOMContentLoaded);
 * - precache size: the sum of the files listed in `dist/sw.js`'s precache manifest, KiB;
 * - IndexedDB size of the persisted query cache: the stored value (structured clone; measured as its JSON
 *   length, a close proxy) and the origin's IndexedDB usage from `navigator.storage.estimate()`, KiB.
 * Needs a build (`npm run build`) and `/usr/bin/chromium`. Env: `BENCH_PORT` (default 3220), `STATIC_DIR` (dist).
 */
import { chromium } from '@playwright/test';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { signInFan, startServer } from './lib/server';

const RUNS = 10;
const STATIC_DIR = process.env.STATIC_DIR ?? 'dist';
const PORT = Number(process.env.BENCH_PORT ?? 3220);

/** Sum of the precache manifest's files in `dir` (bytes) and their number. */
export async function precacheSize(dir: string): Promise<{ bytes: number; entries: number }> {
  const sw = await readFile(join(dir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  let bytes = 0;
  for (const url of urls) bytes += (await stat(join(dir, url.split('?')[0]))).size;
  return { bytes, entries: urls.length };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

async function main(): Promise<void> {
  const precache = await precacheSize(STATIC_DIR);
  const server = await startServer(PORT, { STATIC_DIR });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const token = await signInFan(server, `bench-offline-${Date.now()}@fans.example`);
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await context.addInitScript((t) => localStorage.setItem('podium.session.token', t), token);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Check in/ }).waitFor();
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000); // let the throttled persister write

    const persisted = await page.evaluate(
      () =>
        new Promise<{ jsonBytes: number; queries: number; usage: number }>((resolve, reject) => {
          const open = indexedDB.open('keyval-store');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('keyval').objectStore('keyval').get('podium.query-cache');
            get.onsuccess = async () => {
              const value = get.result as { clientState: { queries: unknown[] } } | undefined;
              const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
              resolve({
                jsonBytes: value ? new TextEncoder().encode(JSON.stringify(value)).length : 0,
                queries: value?.clientState.queries.length ?? 0,
                usage: estimate.usageDetails?.indexedDB ?? 0,
              });
            };
          };
        }),
    );

    await context.setOffline(true);
    await page.close();
    const times: number[] = [];
    const phases: { html: number; scripts: number; domReady: number; config: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const reopened = await context.newPage();
      await reopened.goto('/dashboard', { waitUntil: 'commit' });
      const handle = await reopened.waitForFunction(
        () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim().startsWith('Check in')) && performance.now(),
        null,
        { polling: 'raf', timeout: 15_000 },
      );
      times.push(Math.round((await handle.jsonValue()) as number));
      phases.push(
        await reopened.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')) as PerformanceResourceTiming[];
          const config = performance.getEntriesByType('resource').find((r) => r.name.includes('/config.json')) as PerformanceResourceTiming | undefined;
          return {
            html: Math.round(nav.responseEnd),
            scripts: Math.round(Math.max(0, ...scripts.map((r) => r.responseEnd))),
            domReady: Math.round(nav.domContentLoadedEventEnd),
            config: config ? Math.round(config.responseEnd) : -1,
          };
        }),
      );
      await reopened.close();
    }

    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log('Offline benchmark (demo member, real server, built PWA, Chromium)');
    console.log(`  offline warm start to dashboard content: median ${median(times)} ms (min ${Math.min(...times)}, max ${Math.max(...times)}, n=${RUNS})`);
    console.log(`    runs: ${times.join(', ')} ms`);
    const phase = (key: keyof (typeof phases)[number]) => median(phases.map((p) => p[key]));
    console.log(
      `    medians: shell HTML ${phase('html')} ms, DOMContentLoaded ${phase('domReady')} ms, last script ${phase('scripts')} ms, ` +
        `config.json ${phase('config')} ms (-1: not fetched), content ${median(times)} ms`,
    );
    console.log(`  precache: ${kib(precache.bytes)} KiB in ${precache.entries} entries`);
    console.log(`  persisted query cache in IndexedDB: ${kib(persisted.jsonBytes)} KiB (${persisted.queries} queries, JSON size of the stored value)`);
    if (persisted.usage) console.log(`  origin IndexedDB usage (storage.estimate): ${kib(persisted.usage)} KiB`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
