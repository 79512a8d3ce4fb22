/**
 * Update flow end-to-end (ARCHITECTURE §6): two real builds of the PWA with different versions
 * (`PODIUM_BUILD_VERSION` -> `__APP_VERSION__`), served by the real server from a directory of their own. The app
 * opened on build A is "redeployed" with build B; an update check installs B's service worker, which waits:
 * the app shows "Update available" with "Reload", nothing reloads by itself (a half-typed form stays), and
 * accepting reloads into build B (B's entry script, B's version in the running code).
 *
 * Builds go to `.tmp/update-flow-{a,b}` (about 10-15 s each, once, in beforeAll); the server listens on
 * `E2E_UPDATE_PORT` (default E2E_PORT + 1) with `STATIC_DIR=.tmp/update-flow-served`.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { startExtraServer, type ExtraServer } from './extra-server';
import { expect, test } from './fixtures';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const run = promisify(execFile);
const UPDATE_PORT = Number(process.env.E2E_UPDATE_PORT ?? E2E_PORT + 1);
const ROOT = '.tmp';
const BUILD_A = join(ROOT, 'update-flow-a');
const BUILD_B = join(ROOT, 'update-flow-b');
const SERVED = join(ROOT, 'update-flow-served');
const stamp = Date.now().toString(36);
const VERSION_A = `e2e-update-a-${stamp}`;
const VERSION_B = `e2e-update-b-${stamp}`;

/** Builds the PWA into `outDir` with `version` as `__APP_VERSION__`, then precompresses it (as `npm run build`). */
async function buildVersion(outDir: string, version: string): Promise<void> {
  const env = { ...process.env, PODIUM_BUILD_VERSION: version };
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { env, maxBuffer: 16 * 1024 * 1024 });
  await run('node', ['scripts/precompress.mjs', outDir], { env });
}

/** The entry module script (`/assets/index-*.js`) a build's index.html loads. */
async function entryOf(buildDir: string): Promise<string> {
  const html = await readFile(join(buildDir, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(src, `entry script in ${buildDir}/index.html`).toBeTruthy();
  return src!;
}

/** "Deploys" a build: the served directory's content is replaced by `buildDir`'s. */
async function deploy(buildDir: string): Promise<void> {
  await rm(SERVED, { recursive: true, force: true });
  await cp(buildDir, SERVED, { recursive: true });
}

/** The entry script the page runs. */
const runningEntry = (page: Page) => page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null);

/** Which build versions appear in the JavaScript the page loaded (read back through the page's own fetch). */
async function versionsInLoadedCode(page: Page): Promise<string[]> {
  return page.evaluate(
    async (versions) => {
      const scripts = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.startsWith('/assets/') && url.endsWith('.js'));
      const found = new Set<string>();
      for (const url of scripts) {
        const text = await (await fetch(url)).text();
        for (const version of versions) if (text.includes(version)) found.add(version);
      }
      return [...found].sort();
    },
    [VERSION_A, VERSION_B],
  );
}

/**
 * Gives a takeover every chance to show, then reads the registration: the waiting worker's state, and whether the
 * page's controller is the active worker. First a message the waiting worker answers (Workbox's CACHE_URLS with
 * nothing to cache; a page's messages reach it in order, so a SKIP_WAITING sent earlier is handled by then), then an
 * update check through the browser's registration, which lands after the activation such a SKIP_WAITING starts (a
 * SKIP_WAITING posted just before this call is caught: `waiting` reads null).
 */
async function waitingWorkerAfterRoundTrip(page: Page): Promise<{ waiting: string | null; controlledByActive: boolean }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const waiting = registration?.waiting;
    if (waiting) {
      const channel = new MessageChannel();
      const answered = new Promise((resolve) => (channel.port1.onmessage = resolve));
      waiting.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [] } }, [channel.port2]);
      await answered;
    }
    await registration?.update();
    return {
      waiting: registration?.waiting?.state ?? null,
      controlledByActive: Boolean(registration?.active) && navigator.serviceWorker.controller === registration?.active,
    };
  });
}

test.describe('update flow', () => {
  let server: ExtraServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    await buildVersion(BUILD_A, VERSION_A);
    await buildVersion(BUILD_B, VERSION_B);
    await deploy(BUILD_A);
    server = await startExtraServer(UPDATE_PORT, { STATIC_DIR: SERVED });
  });
  test.afterAll(async () => {
    await server?.stop();
    await Promise.all([BUILD_A, BUILD_B, SERVED].map((dir) => rm(dir, { recursive: true, force: true })));
  });
  test.use({ baseURL: `http://127.0.0.1:${UPDATE_PORT}` });

  test('a new build shows "Update available — Reload", never reloads by itself, and reloads into the new build on accept', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const entryA = await entryOf(BUILD_A);
    const entryB = await entryOf(BUILD_B);
    expect(entryB, 'the two builds differ').not.toBe(entryA);

    await page.goto('/login');
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    expect(await runningEntry(page)).toBe(entryA);
    expect(await versionsInLoadedCode(page)).toEqual([VERSION_A]);

    // The fan is mid-action: a half-typed sign-in form, and a marker that a reload would wipe.
    const email = page.getByLabel(/e-?mail/i);
    await email.fill('half-typed@fans.example');
    await page.evaluate(() => ((window as unknown as { __beforeUpdate: string }).__beforeUpdate = 'still here'));
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });

    // Build B is deployed; the app checks for an update (as it does hourly and when it becomes visible).
    await deploy(BUILD_B);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText('Update available')).toBeVisible({ timeout: 30_000 });
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();

    // Nothing reloads by itself: the app reloads only once the new worker controls the page, and the worker takes
    // over only when asked. After the toast, and after a takeover requested with it would have shown (a SKIP_WAITING
    // sent with the toast is detected here), the worker still waits.
    expect(await waitingWorkerAfterRoundTrip(page)).toEqual({ waiting: 'installed', controlledByActive: true });
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __beforeUpdate?: string }).__beforeUpdate)).toBe('still here');
    await expect(email).toHaveValue('half-typed@fans.example');
    expect(await runningEntry(page)).toBe(entryA);

    // The fan accepts: one reload, into build B, served by B's worker.
    await reload.click();
    await expect.poll(() => navigations, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('load');
    await expect.poll(() => runningEntry(page)).toBe(entryB);
    expect(await page.evaluate(() => (window as unknown as { __beforeUpdate?: string }).__beforeUpdate ?? null)).toBeNull();
    await expect.poll(() => versionsInLoadedCode(page)).toEqual([VERSION_B]);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(false);
    // No second offer once on the new version: its update wiring (the offline setup chunk, which holds the worker's
    // registration) has loaded and has no waiting worker to offer.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/setup-[^/]*\.js$/.test(e.name))))
      .toBe(true);
    await expect(page.getByText('Update available')).toHaveCount(0);
  });
});
