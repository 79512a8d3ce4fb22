/**
 * Offline end-to-end (ARCHITECTURE §6) in Debian's Chromium against the real server, the real built PWA
 * and its real service worker:
 * - cold start offline: a signed-in fan reopens the app with no network and sees the last dashboard within 1 s,
 *   with the offline indicator;
 * - a check-in made offline is queued, survives a reload while still offline, and is applied exactly once when
 *   the network returns (the server's ledger, read through the API, has one check-in row);
 * - media images and CDN PDFs seen online are served offline by the service worker;
 * - the app is installable (DevTools protocol: no installability error, manifest fields as declared).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { chromiumArgs, E2E_BASE_URL } from '../../playwright.config';
import { apiGet, test as baseTest } from './fixtures';
import { ledger, offlineIndicator, persistedCache, signInToDashboard, waitForServiceWorker, type LedgerRow } from './offline-helpers';
import { expect, goOffline, goOnline, test } from './offline-network';

/** The fan's ledger rows of one reason (e.g. `checkin`), through the real API. */
async function ledgerRows(page: Page, token: string, reason: string): Promise<LedgerRow[]> {
  return (await ledger(page.request, token)).filter((row) => row.reason === reason);
}


test.describe('offline', () => {
  test('cold start offline: the last dashboard renders from cache within 1 s, with the offline indicator', async ({ page, context }) => {
    // Timed: Playwright's tracing (DOM snapshots and screenshots on every action, kept on failure) costs 200-400 ms
    // of this 2-core machine's CPU per reopening, which the app's start would be charged with. Off for this test.
    await context.tracing.stop().catch(() => undefined);
    await signInToDashboard(page, 'cold');
    await waitForServiceWorker(page);
    await expect.poll(async () => (await persistedCache(page))?.queries ?? []).toEqual(expect.arrayContaining(['["checkin"]', '["user","me"]']));

    await goOffline(context);
    await page.close();
    // Reopen three times and hold the median to the 1 s budget (one sample on a shared 2-core machine is noise).
    const timesMs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const reopened = await context.newPage();
      await reopened.goto('/dashboard', { waitUntil: 'commit' });
      // Time from the navigation's start (the page's own clock) to cached content on screen: the check-in button
      // exists only once the check-in status is known (the loading skeleton has the heading but no button).
      const handle = await reopened.waitForFunction(
        () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim().startsWith('Check in')) && performance.now(),
        null,
        { polling: 'raf' },
      );
      timesMs.push(Math.round((await handle.jsonValue()) as number));
      await expect(reopened.getByRole('heading', { name: 'Daily check-in' })).toBeVisible();
      await expect(offlineIndicator(reopened)).toHaveText(/^Offline — last updated at /);
      await reopened.close();
    }
    const medianMs = [...timesMs].sort((a, b) => a - b)[1];
    test.info().annotations.push({ type: 'cold-start-offline-ms', description: timesMs.join(', ') });
    console.log(`[offline] cold start offline to dashboard content: ${timesMs.join(', ')} ms (median ${medianMs})`);
    expect(medianMs).toBeLessThan(1000);
  });

  test('an offline check-in is queued, survives a reload, and is applied exactly once on reconnect', async ({ page, context }) => {
    const token = await signInToDashboard(page, 'queue');
    await waitForServiceWorker(page);
    expect(await ledgerRows(page, token, 'checkin')).toHaveLength(0);

    await goOffline(context);
    await page.getByRole('button', { name: /check in/i }).click();
    await expect(page.getByText(/will sync when you're back online/)).toBeVisible();
    await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);
    await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(1);

    // Closing the app while offline keeps the queue.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Daily check-in' })).toBeVisible();
    await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);
    expect(await ledgerRows(page, token, 'checkin')).toHaveLength(0);

    await goOnline(context);
    await expect.poll(async () => (await ledgerRows(page, token, 'checkin')).length, { timeout: 15_000 }).toBe(1);
    await expect(offlineIndicator(page)).toHaveText('');
    await expect(page.getByText('Checked in!')).toBeVisible();

    // Nothing is left to replay: another reload online sends nothing more.
    await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(0);
    await page.reload();
    await expect(page.getByText('Checked in!')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(await ledgerRows(page, token, 'checkin')).toHaveLength(1);
  });

  test('media images and CDN PDFs seen online are served offline by the service worker', async ({ page, context }) => {
    const token = await signInToDashboard(page, 'media');
    await waitForServiceWorker(page);
    const challenges = await apiGet<{ mediaId: string | null }[]>(page.request, token, '/challenge');
    const mediaId = challenges.find((c) => c.mediaId)?.mediaId;
    expect(mediaId, 'a seeded challenge with an image').toBeTruthy();
    const imageUrl = `/api/media/${mediaId}`;
    const pdfUrl = '/cdn/alpine-racing-calendar-2027.pdf';

    const fetchInPage = (url: string) =>
      page.evaluate(async (u) => {
        const res = await fetch(u);
        return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
      }, url);
    const imageOnline = await fetchInPage(imageUrl);
    const pdfOnline = await fetchInPage(pdfUrl);
    expect(imageOnline.status).toBe(200);
    expect(pdfOnline.status).toBe(200);

    await goOffline(context);
    expect(await fetchInPage(imageUrl)).toEqual(imageOnline);
    expect(await fetchInPage(pdfUrl)).toEqual(pdfOnline);
    // An image element too (a no-cors request), as the dashboard renders it.
    const loaded = await page.evaluate(
      (u) => new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = u;
      }),
      imageUrl,
    );
    expect(loaded).toBe(true);
  });
});

baseTest.describe('installable', () => {
  let userDataDir: string;
  let context: BrowserContext;

  baseTest.beforeAll(async ({ playwright }) => {
    // Installability is not evaluated in incognito-like contexts: use a persistent profile.
    userDataDir = await mkdtemp(join(tmpdir(), 'podium-install-'));
    context = await playwright.chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
      baseURL: E2E_BASE_URL,
    });
  });
  baseTest.afterAll(async () => {
    await context?.close();
    await rm(userDataDir, { recursive: true, force: true });
  });

  baseTest('Chromium finds no installability error and reads the manifest as declared', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest', {});
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'Podium — Alpine Racing',
      short_name: 'Podium',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#0055A4',
      background_color: '#0b1020',
    });
    const purposes = (manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`);
    expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).status()).toBe(200);
  });
});
