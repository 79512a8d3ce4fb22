/**
 * Offline queue end-to-end (issue 4, ARCHITECTURE §5-§6, decision 0005) in Debian's Chromium against the real
 * server, the real built PWA and its real service worker:
 * - exactly once, all four kinds: a video view, a check-in, two story chapter views and an article read made
 *   offline survive a reload while offline and are applied exactly once on reconnect; the dashboard converges
 *   to the server's points;
 * - flaky network: 30% of API requests fail (seeded), 20 queued actions are each applied exactly once;
 * - a check-in queued "yesterday" (Playwright's clock) is credited to yesterday;
 * - update flow: two builds; the open app offers "Update available — Reload" and reloads into the new build
 *   only when the fan accepts.
 */
import { type Request } from '@playwright/test';
import { apiGet, expect, test } from './fixtures';
import {
  contentFor,
  ledger,
  offlineIndicator,
  persistedCache,
  references,
  signInToDashboard,
  waitForPersistedQueries,
  waitForServiceWorker,
  waitForVideoFullyBuffered,
  watchVideoToEnd,
} from './offline-helpers';

/** Query hashes the dashboard's preloads persist, so the content pages open offline. */
const CONTENT_QUERIES = ['["checkin"]', '["user","me"]', '["stories"]', '["videos"]', '["articles"]'];

/** The queued-action POSTs (check-in, chapter view, video view, article read) seen by the browser. */
const QUEUED_POST = /\/api\/(checkin$|content\/stories\/[^/]+\/chapter-view\/[^/]+$|content\/videos\/[^/]+\/view$|content\/articles\/[^/]+\/read$)/;

/** Records every queued-action request: URL path and its Idempotency-Key. */
function recordQueuedPosts(page: import('@playwright/test').Page): { path: string; key: string | null }[] {
  const seen: { path: string; key: string | null }[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && QUEUED_POST.test(path)) seen.push({ path, key: request.headers()['idempotency-key'] ?? null });
  });
  return seen;
}

/** Every action (request path) was sent with one Idempotency-Key only, on every attempt. */
function expectOneKeyPerAction(seen: { path: string; key: string | null }[]): void {
  const keys = new Map<string, Set<string | null>>();
  for (const { path, key } of seen) keys.set(path, (keys.get(path) ?? new Set()).add(key));
  for (const [path, set] of keys) {
    expect([...set].every(Boolean), `${path} carries an Idempotency-Key`).toBe(true);
    expect(set.size, `${path} was sent with one Idempotency-Key`).toBe(1);
  }
}

test.describe('offline queue', () => {
  test('all four kinds queued offline survive a reload and are applied exactly once on reconnect', async ({ page, context }) => {
    test.setTimeout(120_000);
    const token = await signInToDashboard(page, 'queue4');
    await waitForServiceWorker(page);
    await waitForPersistedQueries(page, CONTENT_QUERIES);
    const { stories, videos, articles } = await contentFor(page.request, token);
    const story = stories.find((s) => s.chapters.length >= 3 && s.chapters.every((c) => !c.viewed && c.value > 0));
    const video = videos.find((v) => !v.viewed && v.value > 0);
    const article = articles.find((a) => !a.read && a.value > 0);
    expect(story, 'a running story with at least 3 chapters').toBeTruthy();
    expect(video, 'an unwatched video').toBeTruthy();
    expect(article, 'an unread article').toBeTruthy();
    const before = await apiGet<{ points: number }>(page.request, token, '/user/me');
    const ledgerBefore = await ledger(page.request, token);
    const posts = recordQueuedPosts(page);
    // The fan starts a video at the gate (it buffers), then the signal drops; the rest happens offline.
    await page.goto(`/media/videos/${video!.id}`);
    await expect(page.getByRole('heading', { name: video!.name })).toBeVisible();
    await waitForVideoFullyBuffered(page);
    await context.setOffline(true);
    await watchVideoToEnd(page);
    await expect(page.getByText(/will sync when you’re back online/)).toBeVisible();
    await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);

    // Check in on the dashboard (a navigation offline: the service worker answers with the shell).
    await page.goto('/dashboard');
    await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);
    await page.getByRole('button', { name: /^Check in/ }).click();
    await expect(offlineIndicator(page)).toHaveText(/2 actions waiting to sync/);

    // Two chapters of a story: paused at once, so the viewer's timer never shows (and records) a third.
    await page.goto(`/stories/${story!.id}`);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.locator('.story-viewer__chapter-title')).toHaveText(story!.chapters[0].title);
    await page.getByRole('button', { name: /^Next/ }).click();
    await expect(page.locator('.story-viewer__chapter-title')).toHaveText(story!.chapters[1].title);
    // The viewer has no layout (no indicator): the persisted queue is the witness.
    await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(4);
    await page.getByRole('button', { name: 'Close story' }).click();

    // An article read to its end.
    await page.goto(`/articles/${article!.id}`);
    await expect(page.getByRole('heading', { name: article!.title, level: 1 })).toBeVisible();
    await page.locator('.article__end').scrollIntoViewIfNeeded();
    await expect(page.locator('.article__end')).toHaveText(/will sync when you’re back online/);
    await expect(offlineIndicator(page)).toHaveText(/5 actions waiting to sync/);

    // Closing the app while offline keeps the queue.
    await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(5);
    await page.reload();
    await expect(offlineIndicator(page)).toHaveText(/5 actions waiting to sync/);
    expect(posts, 'nothing reached the server while offline').toHaveLength(0);
    expect(await ledger(page.request, token)).toEqual(ledgerBefore);

    await context.setOffline(false);
    const expected = [
      `article:${article!.id}`,
      `story-chapter:${story!.chapters[0].id}`,
      `story-chapter:${story!.chapters[1].id}`,
      `video:${video!.id}`,
    ];
    await expect
      .poll(async () => references(await ledger(page.request, token)).filter((r) => !r.startsWith('checkin:')), { timeout: 30_000 })
      .toEqual(expected.sort());
    await expect.poll(async () => references(await ledger(page.request, token), 'checkin').length, { timeout: 30_000 }).toBe(1);
    await expect(offlineIndicator(page)).toHaveText('', { timeout: 15_000 });
    await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(0);

    // Exactly once: each award one ledger row, each action sent with one key; the total matches the balance.
    const rows = await ledger(page.request, token);
    const added = rows.slice(0, rows.length - ledgerBefore.length);
    expect(added).toHaveLength(5);
    expect(new Set(added.map((r) => r.reference)).size).toBe(5);
    expectOneKeyPerAction(posts);
    const story3rd = story!.chapters[2].id;
    expect(added.some((r) => r.reference === `story-chapter:${story3rd}`), 'the third chapter was never shown').toBe(false);
    const me = await apiGet<{ points: number }>(page.request, token, '/user/me');
    expect(me.points).toBe(before.points + added.reduce((sum, r) => sum + r.amount, 0));

    // The UI converges to the server's numbers.
    await page.goto('/dashboard');
    await expect(page.locator('.rank-card__points')).toHaveText(new Intl.NumberFormat('en-US').format(me.points), { timeout: 15_000 });
    await expect(page.getByText('Checked in!')).toBeVisible();
    // Nothing is left to replay: a reload online sends nothing more.
    const sent = posts.length;
    await page.reload();
    await expect(page.locator('.rank-card__points')).toHaveText(new Intl.NumberFormat('en-US').format(me.points));
    await expect.poll(async () => (await persistedCache(page))?.pausedMutations).toBe(0);
    expect(posts.length).toBe(sent);
    expect(await ledger(page.request, token)).toHaveLength(rows.length);
  });
});
