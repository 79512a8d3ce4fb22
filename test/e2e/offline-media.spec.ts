/**
 * Files a fan takes into the stands, in Chromium with the real service worker:
 * - a PDF on the organization's CDN, another origin, opens online and then again offline, from the worker's cache;
 *   a PDF never opened says "Not available offline" instead of opening a dead tab;
 * - a video saved for offline plays with no signal (its Range requests answered 206 by the worker), and once removed
 *   it is gone from the device and no longer plays offline.
 *
 * The app runs on a second server (`E2E_CDN_APP_PORT`, default E2E_PORT + 10) whose CDN (`PUBLIC_CDN_BASE`) is the
 * config's web server at E2E_BASE_URL: the PDFs and videos come from another origin, as a club's CDN would.
 * The browser's HTTP cache is cleared and switched off before going offline, so only the worker can answer.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { chromiumArgs, E2E_BASE_URL, E2E_PORT, FULL_CHROMIUM } from '../../playwright.config';
import { startExtraServer, type ExtraServer } from './extra-server';
import { apiHeaders, newFanEmail } from './fixtures';
import { persistedCache, waitForServiceWorker } from './offline-helpers';
import { expect, goOffline, test } from './offline-network';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts), and so is the
// browser's PDF viewer, which only the full Chromium has (the headless shell downloads a PDF instead).
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: FULL_CHROMIUM, args: chromiumArgs } });

const STATIC_DIR = process.env.STATIC_DIR ?? 'dist';
const APP_PORT = Number(process.env.E2E_CDN_APP_PORT ?? E2E_PORT + 10);
const CDN = `${E2E_BASE_URL}/cdn`;

/** Signs a new onboarded fan in on the app server through its API (code from its output) and opens `path`. */
async function signInOn(page: Page, server: ExtraServer, path: string): Promise<void> {
  const email = newFanEmail('stands');
  const headers = await apiHeaders(page.request);
  expect((await page.request.post('/api/session/otp', { data: { email }, headers })).status()).toBe(202);
  const pattern = new RegExp(`\\[mail\\] sign-in code for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`);
  let code: string | undefined;
  await expect.poll(() => (code = pattern.exec(server.output())?.[1]), { message: `sign-in code for ${email}` }).toBeTruthy();
  const session = await page.request.post('/api/session', { data: { email, code }, headers });
  expect(session.ok()).toBeTruthy();
  const token = (await session.json()).data.token as string;
  const onboard = await page.request.patch('/api/user/me', {
    headers: { ...(await apiHeaders(page.request, token)), 'idempotency-key': randomUUID() },
    data: { username: `stands_${randomUUID().slice(0, 8)}`, firstName: 'Stands' },
  });
  expect(onboard.ok()).toBeTruthy();
  await page.goto('/config.json');
  await page.evaluate((t) => localStorage.setItem('podium.session.token', t), token);
  await page.goto(path);
}

/** No network and no HTTP cache: from here on only the service worker's caches can answer. */
async function loseSignal(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await goOffline(context);
}

/** Keys (absolute URLs) of the Cache Storage cache `name`, read in the page. */
const cacheKeys = (page: Page, name: string) => page.evaluate(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url), name);

/** Taps a row's Open link and returns what the new tab shows: its URL and the bytes behind it (read in the app). */
async function openPdf(page: Page, title: string): Promise<{ url: string; type: string; head: string; bytes: number }> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: new RegExp(`^Open ${title}`) }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  const url = tab.url();
  const file = await page.evaluate(async (u) => {
    const blob = await (await fetch(u)).blob();
    return { type: blob.type, head: new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5)), bytes: blob.size };
  }, url);
  await tab.close();
  return { url, ...file };
}

test.describe('files for the stands, from the CDN on another origin', () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    // A second server starting beside the config's on 2 shared cores can take most of a minute.
    test.setTimeout(180_000);
    server = await startExtraServer(APP_PORT, { STATIC_DIR, PUBLIC_CDN_BASE: CDN }, 170_000);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.use({ baseURL: `http://127.0.0.1:${APP_PORT}` });
  // Sign-in, a first service-worker install, two offline reloads: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('a CDN PDF opened once opens again offline; one never opened says it is not available offline', async ({ page, context }) => {
    await signInOn(page, server, '/digital-downloads');
    await waitForServiceWorker(page);
    const rows = page.locator('article');
    await expect(rows).not.toHaveCount(0);
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    const titles = await rows.locator('h2').allTextContents();
    const [opened, neverOpened] = titles;
    const href = await page.getByRole('link', { name: new RegExp(`^Open ${opened}`) }).getAttribute('href');
    expect(href, 'the PDF is on the other origin').toMatch(new RegExp(`^${CDN}/[\\w.-]+\\.pdf$`));

    const online = await openPdf(page, opened);
    expect(online).toMatchObject({ type: 'application/pdf', head: '%PDF-' });
    const row = rows.filter({ has: page.getByRole('heading', { name: opened }) });
    await expect(row.getByText('Available offline')).toBeVisible();
    expect(await cacheKeys(page, 'podium-pdf-v1')).toContain(href);

    await loseSignal(page, context);
    await page.reload();
    await expect(page.getByRole('heading', { name: opened })).toBeVisible();
    const offline = await openPdf(page, opened);
    expect(offline).toMatchObject({ type: 'application/pdf', head: '%PDF-', bytes: online.bytes });

    const other = rows.filter({ has: page.getByRole('heading', { name: neverOpened }) });
    await expect(other.getByText('Not available offline', { exact: true })).toBeVisible();
    let tabs = 0;
    context.on('page', () => (tabs += 1));
    await page.getByRole('link', { name: new RegExp(`^Open ${neverOpened}`) }).click();
    await expect(other.getByRole('status')).toContainText('Not available offline: open it once with a connection');
    expect(tabs, 'no dead tab was opened').toBe(0);
  });

  test('a saved video plays offline from the worker, with 206 answers, and is gone once removed', async ({ page, context }) => {
    await signInOn(page, server, '/media/videos');
    await waitForServiceWorker(page);
    const videos = (await (await page.request.get('/api/content/videos', { headers: await apiHeaders(page.request) })).json()).data as {
      id: string;
      name: string;
      sourceUrl: string;
      videoSourceType: string;
    }[];
    const video = videos.find((v) => v.videoSourceType === 'file' && v.sourceUrl.startsWith(`${CDN}/`));
    expect(video, 'a demo video on the CDN').toBeTruthy();
    await page.goto(`/media/videos/${video!.id}`);
    await expect(page.getByRole('heading', { name: video!.name })).toBeVisible();

    await page.getByRole('button', { name: 'Save for offline' }).click();
    await expect(page.getByText(/^Saved on this device · /)).toBeVisible();
    expect(await cacheKeys(page, 'podium-videos-v1')).toEqual([video!.sourceUrl]);
    await expect.poll(async () => (await persistedCache(page))?.queries ?? []).toContain('["videos"]');

    await loseSignal(page, context);
    const fromWorker: number[] = [];
    page.on('response', (response) => {
      if (response.url() === video!.sourceUrl && response.fromServiceWorker()) fromWorker.push(response.status());
    });
    await page.reload();
    await expect(page.getByText(/^Saved on this device · /)).toBeVisible();
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && v.readyState >= 2 && v.currentTime > 0.5;
    });
    expect(fromWorker, 'Range requests answered by the worker').toContain(206);

    const rangeRequest = (url: string) =>
      page.evaluate(async (u) => {
        try {
          const res = await fetch(u, { headers: { Range: 'bytes=0-99' } });
          return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
        } catch {
          return { status: 0, bytes: 0 };
        }
      }, url);
    expect(await rangeRequest(video!.sourceUrl)).toEqual({ status: 206, bytes: 100 });

    await page.getByRole('button', { name: 'Remove from device' }).click();
    await expect(page.getByRole('button', { name: 'Save for offline' })).toBeVisible();
    expect(await cacheKeys(page, 'podium-videos-v1')).toEqual([]);
    // The same request now has only the (absent) network to go to. (The <video> element itself may still hold the
    // clip in the renderer's memory until the page goes away, so the request is made directly.)
    expect(await rangeRequest(video!.sourceUrl)).toEqual({ status: 0, bytes: 0 });
  });
});
