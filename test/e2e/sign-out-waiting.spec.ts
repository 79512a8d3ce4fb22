/**
 * Sign-out never loses work (ARCHITECTURE §6), in Debian's Chromium against the real server, the
 * built PWA and its real service worker, offline through the network switch (offline-network.ts):
 * a fan checks in offline and signs out; the dialog says "1 action waiting"; "Sign out anyway" parks the check-in
 * on the device. Another member signing in there never sends it; the first member signing in again online gets it
 * replayed once and credited. "Sync first" with no signal says the action stays on this phone, and signing out
 * then parks it.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { apiGet, apiHeaders, apiSignIn, newFanEmail } from './fixtures';
import { expect, goOffline, goOnline, test } from './offline-network';
import { ledger, offlineIndicator, persistedCache, references, waitForServiceWorker } from './offline-helpers';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Gives the app `token` (from a same-origin page that is not the app, as offline-helpers does) and opens the dashboard. */
async function openAppAs(page: Page, token: string): Promise<void> {
  await page.goto('/config.json');
  await page.evaluate((t) => localStorage.setItem('podium.session.token', t), token);
  await page.goto('/dashboard');
}

/** A new fan signed in through the real API and onboarded (a username); returns their e-mail and token. */
async function newOnboardedFan(page: Page, prefix: string): Promise<{ email: string; token: string }> {
  const email = newFanEmail(prefix);
  const token = await apiSignIn(page.request, email);
  const onboard = await page.request.patch('/api/user/me', {
    headers: { ...(await apiHeaders(page.request, token)), 'idempotency-key': randomUUID() },
    data: { username: `${prefix.replace(/-/g, '_')}_${randomUUID().slice(0, 8)}`, firstName: 'Parked' },
  });
  expect(onboard.ok(), `PATCH /api/user/me -> ${onboard.status()}`).toBeTruthy();
  return { email, token };
}

/** The member ids that have actions parked on this device (the parked-actions IndexedDB store's keys). */
function parkedMembers(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('podium-parked-actions');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('by-member')) {
            db.close();
            return resolve([]);
          }
          const keys = db.transaction('by-member').objectStore('by-member').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

test('a check-in waiting at sign-out is parked for its member: never sent for another, replayed once for them', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const first = await newOnboardedFan(page, 'park-a');
  const firstId = (await apiGet<{ userId: string }>(page.request, first.token, '/user/me')).userId;
  await openAppAs(page, first.token);
  const checkIn = page.getByRole('button', { name: /^Check in/ });
  await expect(checkIn).toBeVisible();
  await waitForServiceWorker(page);
  const checkinPosts: { token: string | undefined }[] = [];
  context.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkin') {
      checkinPosts.push({ token: request.headers().authorization?.replace(/^Bearer /, '') });
    }
  });

  // The signal goes; the fan checks in, then signs out.
  await goOffline(context);
  await checkIn.click();
  await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);
  await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(1);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out with actions waiting?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 action waiting to sync');
  // Focus starts on the safe choice: staying signed in.
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/(login)?(\?.*)?$/);
  await expect.poll(() => parkedMembers(page)).toEqual([firstId]);
  expect(checkinPosts, 'no check-in was even tried while offline').toHaveLength(0);

  // Back online, another member signs in on the same phone: the parked check-in is not theirs.
  await goOnline(context);
  const second = await newOnboardedFan(page, 'park-b');
  const secondId = (await apiGet<{ userId: string }>(page.request, second.token, '/user/me')).userId;
  await openAppAs(page, second.token);
  await expect(page.getByRole('button', { name: /^Check in/ })).toBeVisible();
  await expect.poll(async () => JSON.stringify((await persistedCache(page))?.queryData['["user","me"]'] ?? null)).toContain(secondId);
  expect(await parkedMembers(page), 'still parked for the first member').toEqual([firstId]);
  expect(checkinPosts, 'no check-in was sent for the second member').toHaveLength(0);
  expect(references(await ledger(page.request, second.token), 'checkin')).toEqual([]);
  expect(references(await ledger(page.request, first.token), 'checkin')).toEqual([]);

  // The second member signs out: nothing waits, so no question.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/(login)?(\?.*)?$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The first member signs in again online: the check-in replays once and is credited.
  const again = await apiSignIn(page.request, first.email);
  await openAppAs(page, again);
  await expect.poll(async () => references(await ledger(page.request, again), 'checkin').length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => parkedMembers(page)).toEqual([]);
  expect(checkinPosts).toHaveLength(1);
  expect(checkinPosts[0].token, 'sent with the first member’s own session').toBe(again);
});

test('Sync first with no signal: the dialog says the check-in stays on this phone, and signing out parks it', async ({ page, context }) => {
  test.setTimeout(90_000);
  const fan = await newOnboardedFan(page, 'park-c');
  const fanId = (await apiGet<{ userId: string }>(page.request, fan.token, '/user/me')).userId;
  await openAppAs(page, fan.token);
  const checkIn = page.getByRole('button', { name: /^Check in/ });
  await expect(checkIn).toBeVisible();
  await waitForServiceWorker(page);

  await goOffline(context);
  await checkIn.click();
  await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);
  await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(1);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sync first' }).click();
  const unsent = page.getByRole('dialog', { name: 'Couldn’t sync' });
  await expect(unsent).toContainText(
    'No connection: 1 action could not be sent. It stays on this phone and is sent when you sign in here again.',
  );
  // Still signed in until the fan chooses.
  await expect(page).toHaveURL(/\/profile$/);
  expect(await parkedMembers(page)).toEqual([]);
  await unsent.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/(login)?(\?.*)?$/);
  await expect.poll(() => parkedMembers(page)).toEqual([fanId]);
  expect(references(await ledger(page.request, fan.token), 'checkin')).toEqual([]);
});
