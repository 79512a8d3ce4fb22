/**
 * No dead ends: in an installed app (display-mode standalone) there is no browser back button, so
 * every fan page must offer its own way out. Each page is opened directly, as from a link or a push notification
 * (no in-app history), and left with a visible control, never `page.goBack()`: a place in the app through the tab
 * bar, a detail page through its back link to its parent, the story viewer through its Close button.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiGet, apiHeaders, expect, test } from './fixtures';
import { newOnboardedFan, type Article, type Story, type Sweepstake, type Video } from './content-helpers';

/** Leaves the current page through the link `name` inside `<main>` and checks where it lands. */
async function leaveByBackLink(page: Page, name: string, parent: RegExp) {
  const back = page.getByRole('main').getByRole('link', { name, exact: true });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page).toHaveURL(parent);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('every fan page opened from outside the app can be left with a visible control', async ({ page, request }) => {
  const token = await newOnboardedFan(page, { prefix: 'exits' });
  const [video] = await apiGet<Video[]>(request, token, '/content/videos');
  const [playlist] = await apiGet<Array<{ id: string }>>(request, token, '/content/playlists');
  const [article] = await apiGet<Article[]>(request, token, '/content/articles');
  const [sweepstake] = await apiGet<Sweepstake[]>(request, token, '/sweepstake');
  const [story] = await apiGet<Story[]>(request, token, '/content/stories');
  const created = await request.post('/api/leagues', {
    headers: { ...(await apiHeaders(request, token)), 'idempotency-key': randomUUID() },
    data: { name: 'Exit league' },
  });
  expect(created.status()).toBe(201);
  const league = (await created.json()).data as { id: string; inviteCode: string };

  // Detail pages: no tab bar, a back link to the page they belong to.
  const details: Array<[path: string, link: string, parent: RegExp]> = [
    [`/media/videos/${video.id}`, 'Videos', /\/media\/videos$/],
    [`/media/playlists/${playlist.id}`, 'Media', /\/media$/],
    [`/articles/${article.id}`, 'Media', /\/media$/],
    ['/activations/factory-open-day', 'Back to contests', /\/contests$/],
    [`/sweepstakes/${sweepstake.sweepstakeId}`, 'Sweepstakes', /\/sweepstakes$/],
    [`/leagues/${league.id}`, 'Leaderboard', /\/leaderboard$/],
    [`/leagues/join/${league.inviteCode}`, 'Leaderboard', /\/leaderboard$/],
  ];
  for (const [path, link, parent] of details) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await leaveByBackLink(page, link, parent);
    });
  }

  // Places in the app: the tab bar.
  for (const path of ['/history', '/leaderboard', '/referral', '/digital-downloads']) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
      await expect(home).toBeVisible();
      await home.click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  // The full-screen story viewer: its Close button goes home when there is no history to go back to.
  await test.step('/stories', async () => {
    await page.goto(`/stories/${story.id}`);
    await page.getByRole('button', { name: 'Close story' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('a detail page that cannot load offline still shows its back link', async ({ page, context }) => {
  await newOnboardedFan(page, { prefix: 'exitoff' });
  await context.route(/\/api\/sweepstake\/[^/]+$/, (route) => route.abort('internetdisconnected'));
  await page.goto(`/sweepstakes/${randomUUID()}`);
  await leaveByBackLink(page, 'Sweepstakes', /\/sweepstakes$/);
});
