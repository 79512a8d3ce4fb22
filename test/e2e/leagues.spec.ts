/**
 * Private leagues end to end in Chromium against the real server: a fan creates a league; a friend
 * opens its invite link signed out, is sent to sign in, picks a name and lands back on the join page, joins, and sees
 * the table;
 * the first fan checks in (through the API) and the friend's table shows the points; the friend then opens the
 * organization's leaderboard from the profile. A fan who opened the leaderboard sees it again offline, from the
 * persisted cache, with the time the server computed it.
 */
import { randomUUID } from 'node:crypto';
import { apiGet, apiHeaders, expect, newFanEmail, signInThroughUi, test } from './fixtures';
import { offlineIndicator, signInToDashboard, waitForPersistedQueries, waitForServiceWorker } from './offline-helpers';
import { goOffline, goOnline, test as offlineTest } from './offline-network';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('two fans in a league: one earns points, the other sees the table change', async ({ page, browser }) => {
  const owner = await signInToDashboard(page, 'lga');
  const { username } = await apiGet<{ username: string }>(page.request, owner, '/user/me');
  const created = await page.request.post('/api/leagues', {
    headers: { ...(await apiHeaders(page.request, owner)), 'idempotency-key': randomUUID() },
    data: { name: 'Friday five' },
  });
  expect(created.status()).toBe(201);
  const league = (await created.json()).data as { id: string; inviteCode: string };

  // The friend opens the invite link signed out: sign in first, then back to the join page.
  const friend = await (await browser.newContext()).newPage();
  await friend.goto(`/leagues/join/${league.inviteCode}`);
  await friend.waitForURL((url) => !url.pathname.startsWith('/leagues'));
  await signInThroughUi(friend, newFanEmail('lgb'));
  // A new fan picks a name first, then lands on the join page.
  await friend.waitForURL(/\/welcome$/);
  await friend.getByLabel('First name').fill('Sam');
  await friend.getByLabel('Username').fill(`lgb${randomUUID().slice(0, 8)}`);
  await friend.getByRole('button', { name: "Let's go" }).click();
  await friend.waitForURL(new RegExp(`/leagues/join/${league.inviteCode}$`));
  await friend.getByRole('button', { name: 'Join Friday five' }).click();
  await friend.waitForURL(new RegExp(`/leagues/${league.id}$`));
  const table = friend.getByRole('table', { name: /Friday five, This week/ });
  const ownerRow = table.getByRole('row').filter({ hasText: username });
  await expect(ownerRow).toContainText(/^\s*1\s*/);
  await expect(table.locator('tr[aria-current="true"]')).toContainText('(you)');
  await expect(ownerRow.getByRole('cell').last()).toHaveText('0');

  const checkin = await page.request.post('/api/checkin', {
    headers: { ...(await apiHeaders(page.request, owner)), 'content-type': 'application/json' },
    data: {},
  });
  expect(checkin.ok(), `POST /api/checkin -> ${checkin.status()}`).toBeTruthy();
  const earned = (await apiGet<{ points: number }>(page.request, owner, '/user/me')).points;
  expect(earned).toBeGreaterThan(0);

  await friend.reload();
  await expect(ownerRow.getByRole('cell').last()).toHaveText(new Intl.NumberFormat('en-US').format(earned));
  await expect(ownerRow.getByRole('cell').first()).toHaveText('1');
  await expect(table.locator('tr[aria-current="true"] td').first()).toHaveText('2');

  // The organization's leaderboard is reached from the profile; the league is listed there.
  await friend.goto('/profile');
  await friend.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(friend.getByRole('table', { name: 'Leaderboard, This week' }).locator('tr[aria-current="true"]')).toContainText('(you)');
  await expect(friend.getByRole('link', { name: /Friday five/ })).toBeVisible();
  await friend.context().close();
});

offlineTest('the leaderboard opens offline from the persisted cache and says when it was computed', async ({ page, context }) => {
  await signInToDashboard(page, 'lgo');
  await waitForServiceWorker(page);
  await page.goto('/leaderboard');
  const table = page.getByRole('table', { name: 'Leaderboard, This week' });
  await expect(table.locator('tr[aria-current="true"]')).toContainText('(you)');
  await waitForPersistedQueries(page, ['["leaderboards","week"]']);

  await goOffline(context);
  await page.reload();
  await expect(offlineIndicator(page)).toHaveText(/^Offline — last updated at /);
  await expect(table.locator('tr[aria-current="true"]')).toContainText('(you)');
  await expect(page.getByText(/^Updated /)).toBeVisible();
  await goOnline(context);
});
