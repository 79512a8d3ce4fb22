/**
 * Answers without signal in Debian's Chromium against the real server, the built PWA and its
 * service worker (the network switched off by offline-network.ts's proxy):
 * - a poll answered offline shows as given and waiting to sync with its points pending, survives a reload while
 *   offline, and is credited exactly once on reconnect, with one Idempotency-Key;
 * - a pick'em offline says it needs a connection, keeps the fan's pick across leaving the page and coming back,
 *   and sends it with one tap once the signal returns.
 */
import type { Page, Request } from '@playwright/test';
import { apiGet } from './fixtures';
import { expect, goOffline, goOnline, test } from './offline-network';
import {
  ledger,
  offlineIndicator,
  persistedCache,
  signInToDashboard,
  waitForPersistedQueries,
  waitForServiceWorker,
} from './offline-helpers';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The parts of a challenge these tests read through the API. */
interface ChallengeDto {
  challengeId: string;
  subtype: string;
  title: string;
  expiresOn: string | null;
  locksAt: string | null;
  userResponse: unknown;
  pollResponseIndex: number | null;
  challengeType: { options: { index: number; text: string; points: number }[] };
}

/** An open challenge of `subtype` the fan has not answered, with options that earn points (and not locked). */
async function openChallenge(page: Page, token: string, subtype: string): Promise<ChallengeDto> {
  const now = Date.now();
  const list = await apiGet<ChallengeDto[]>(page.request, token, '/challenge');
  const found = list.find(
    (c) =>
      c.subtype === subtype &&
      c.userResponse === null &&
      (c.expiresOn === null || Date.parse(c.expiresOn) > now + 60 * 60_000) &&
      (c.locksAt === null || Date.parse(c.locksAt) > now + 60 * 60_000) &&
      c.challengeType.options.some((o) => o.points > 0),
  );
  expect(found, `an open ${subtype} with points`).toBeTruthy();
  return found!;
}

/** An option's radio name: its text, then its points. */
const optionName = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Records the answer POSTs of the page's context (pages and service worker) with their Idempotency-Key. */
function recordAnswerPosts(page: Page, challengeId: string): (string | null)[] {
  const keys: (string | null)[] = [];
  page.context().on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/challenge/${challengeId}`) {
      keys.push(request.headers()['idempotency-key'] ?? null);
    }
  });
  return keys;
}

/** The fan's ledger rows of one challenge. */
async function creditsOf(page: Page, token: string, challengeId: string) {
  return (await ledger(page.request, token)).filter((r) => r.reference === `challenge:${challengeId}`);
}

test('a poll answered offline waits to sync, survives a reload and is credited exactly once on reconnect', async ({ page, context }) => {
  test.setTimeout(120_000);
  const token = await signInToDashboard(page, 'offpoll');
  await waitForServiceWorker(page);
  const poll = await openChallenge(page, token, 'poll');
  const option = poll.challengeType.options.find((o) => o.points > 0)!;
  const before = await apiGet<{ points: number }>(page.request, token, '/user/me');
  const posts = recordAnswerPosts(page, poll.challengeId);

  await page.goto(`/challenges/poll/${poll.challengeId}`);
  await expect(page.getByRole('heading', { level: 1, name: poll.title })).toBeVisible({ timeout: 30_000 });
  await waitForPersistedQueries(page, [`["challenges","${poll.challengeId}"]`]);

  await goOffline(context);
  await expect(page.getByText('Your answer is saved on this phone and sent when the signal is back.')).toBeVisible();
  await page.getByRole('radio', { name: optionName(option.text) }).check();
  await page.getByRole('button', { name: 'Submit my answer' }).click();
  await expect(page.getByText('Saved — waiting to sync.')).toBeVisible();
  await expect(page.getByText(`+${option.points} points pending.`)).toBeVisible();
  await expect(page.getByRole('radio', { name: optionName(option.text) })).toBeChecked();
  await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);
  await expect.poll(async () => (await persistedCache(page))?.mutationKeys).toEqual(['challenge-answer']);

  // The fan closes and reopens the app without signal: the answer is still there, waiting.
  await page.reload();
  await expect(page.getByText('Saved — waiting to sync.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`+${option.points} points pending.`)).toBeVisible();
  await expect(offlineIndicator(page)).toHaveText(/1 action waiting to sync/);
  expect(posts, 'nothing reached the server while offline').toHaveLength(0);
  expect(await creditsOf(page, token, poll.challengeId)).toEqual([]);

  await goOnline(context);
  await expect(page.getByText(`You earned ${option.points} points.`)).toBeVisible({ timeout: 30_000 });
  await expect(offlineIndicator(page)).toHaveText('', { timeout: 15_000 });
  await expect.poll(async () => (await creditsOf(page, token, poll.challengeId)).map((r) => r.amount)).toEqual([option.points]);
  const after = await apiGet<{ points: number }>(page.request, token, '/user/me');
  expect(after.points).toBe(before.points + option.points);
  const answered = await apiGet<ChallengeDto>(page.request, token, `/challenge/${poll.challengeId}`);
  expect(answered.userResponse).toMatchObject({ responseIndex: option.index });
  expect(posts.length, 'the answer was sent').toBeGreaterThan(0);
  expect(new Set(posts).size, 'every attempt carried the one Idempotency-Key').toBe(1);
  expect(posts[0]).toBeTruthy();
});

test("a pick'em offline keeps the fan's pick and sends it with one tap when the signal returns", async ({ page, context }) => {
  test.setTimeout(120_000);
  const token = await signInToDashboard(page, 'offpick');
  await waitForServiceWorker(page);
  const pickem = await openChallenge(page, token, 'pickem');
  const option = pickem.challengeType.options[1] ?? pickem.challengeType.options[0];
  const posts = recordAnswerPosts(page, pickem.challengeId);

  await page.goto(`/challenges/pickem/${pickem.challengeId}`);
  await expect(page.getByRole('heading', { level: 1, name: pickem.title })).toBeVisible({ timeout: 30_000 });
  await waitForPersistedQueries(page, [`["challenges","${pickem.challengeId}"]`]);

  await goOffline(context);
  await expect(page.getByText('This answer needs a connection: your choice stays here')).toBeVisible();
  await page.getByRole('radio', { name: optionName(option.text) }).check();
  const send = page.getByRole('button', { name: 'Needs a connection to send' });
  await expect(send).toBeDisabled();

  // The fan looks at the other pick'ems and comes back: the pick is still there.
  await page.getByRole('link', { name: /Pick'ems/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Pick'ems" })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(pickem.title.replace(/[?]/g, '\\?')) }).click();
  await expect(page.getByRole('heading', { level: 1, name: pickem.title })).toBeVisible();
  await expect(page.getByRole('radio', { name: optionName(option.text) })).toBeChecked();
  expect(posts, 'nothing was sent offline').toHaveLength(0);

  await goOnline(context);
  const submit = page.getByRole('button', { name: 'Submit my answer' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Answer saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: optionName(`${option.text} Your answer`) })).toBeChecked();
  const answered = await apiGet<ChallengeDto>(page.request, token, `/challenge/${pickem.challengeId}`);
  expect(answered.pollResponseIndex).toBe(option.index);
  expect(posts, 'one tap, one request').toHaveLength(1);
});
