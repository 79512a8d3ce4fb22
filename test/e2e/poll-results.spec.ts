/**
 * Poll results end to end in Chromium against the real server: a fan answers a poll on a phone and
 * reads how every fan answered ("Option — 50%" lines), refreshes them on demand after another fan answered; the
 * operator ticks "Hide results" in the console and the fan no longer sees them. A pick'em shows how fans picked only
 * once its picks are locked (here: by its result being entered).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, apiSignIn, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';
// Several fans sign in per test: minutes, not the default one, on a busy machine.
test.describe.configure({ timeout: 480_000 });
const OPTIONS = ['Léa Marchand', 'Marco Bianchi', 'Someone else'];

/** Creates a live poll or pick'em with the three `OPTIONS` through the admin API; returns its id. */
async function createChallenge(request: APIRequestContext, opsToken: string, subtype: 'poll' | 'pickem', title: string): Promise<string> {
  const created = await request.post('/api/admin/challenges', {
    headers: await apiHeaders(request, opsToken),
    data: {
      type: 'poll',
      subtype,
      title,
      visibleFrom: new Date(Date.now() - 60_000).toISOString(),
      expiresOn: new Date(Date.now() + 3 * 3600_000).toISOString(),
      points: subtype === 'pickem' ? 20 : 0,
      options: OPTIONS.map((text) => ({ text, points: 5 })),
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id as string;
}

/** Another fan, signed in through the API, answers option `index` of challenge `id`. */
async function otherFanAnswers(request: APIRequestContext, id: string, index: number): Promise<void> {
  const token = await apiSignIn(request, newFanEmail('crowd'));
  const res = await request.post(`/api/challenge/${id}`, {
    headers: { ...(await apiHeaders(request, token)), 'content-type': 'application/json' },
    data: { pool: { responseIndex: index } },
  });
  expect(res.status()).toBe(200);
}

/** The fan picks `option` on the open challenge page and submits. */
async function answerInUi(fan: Page, option: string): Promise<void> {
  await fan.getByRole('radio', { name: new RegExp(option) }).check();
  await fan.getByRole('button', { name: 'Submit my answer' }).click();
}

test('a fan sees how every fan answered a poll once they answered, refreshes it, and no longer sees it once an operator hides it', async ({
  browser,
  request,
}) => {
  const title = `Driver of the day ${Date.now() % 100_000}`;
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const challengeId = await createChallenge(request, await sessionTokenOf(ops), 'poll', title);
  await otherFanAnswers(request, challengeId, 0);
  await otherFanAnswers(request, challengeId, 1);

  const fan = await signedIn(browser, newFanEmail('polls'));
  await fan.goto(`/challenges/poll/${challengeId}`);
  // The app boots from scratch here: more than the default ten seconds on a busy machine.
  await expect(fan.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  const results = fan.getByRole('region', { name: 'How fans answered' });
  // Not before answering: the crowd must not sway the fan's answer.
  await expect(results).toHaveCount(0);

  await answerInUi(fan, 'Marco Bianchi');
  await expect(results.getByRole('listitem')).toHaveText(['Léa Marchand — 33%', 'Marco Bianchi — 67% · Your answer', 'Someone else — 0%']);
  await expect(results.getByText(/^3 answers · updated at/)).toBeVisible();

  // Another fan answers; the fan asks for fresh results.
  await otherFanAnswers(request, challengeId, 0);
  await results.getByRole('button', { name: 'Refresh results' }).click();
  await expect(results.getByRole('listitem')).toHaveText(['Léa Marchand — 50%', 'Marco Bianchi — 50% · Your answer', 'Someone else — 0%']);

  // The operator hides the results in the console.
  await ops.goto(`/admin/challenges/${challengeId}`);
  await ops.getByRole('checkbox', { name: 'Hide results from fans (how others answered)' }).check();
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByText('Challenge saved')).toBeVisible();

  // Back on the page, the fan's app refetches the challenge and shows no results, not even the cached ones.
  await fan.reload();
  await expect(fan.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  await expect(fan.getByText('Your answer').first()).toBeVisible();
  await expect(results).toHaveCount(0);
  const refused = await request.get(`/api/challenge/${challengeId}/results`, {
    headers: await apiHeaders(request, await sessionTokenOf(fan)),
  });
  expect(refused.status()).toBe(403);
});

test("a pick'em shows how fans picked only once its picks are locked", async ({ browser, request }) => {
  const title = `Winner in Monza ${Date.now() % 100_000}`;
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const opsToken = await sessionTokenOf(ops);
  const challengeId = await createChallenge(request, opsToken, 'pickem', title);
  await otherFanAnswers(request, challengeId, 0);

  const fan = await signedIn(browser, newFanEmail('pickem-shares'));
  await fan.goto(`/challenges/pickem/${challengeId}`);
  await expect(fan.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  await answerInUi(fan, 'Léa Marchand');
  await expect(fan.getByText("You'll see how other fans picked once picks lock.")).toBeVisible();
  const results = fan.getByRole('region', { name: 'How fans answered' });
  await expect(results).toHaveCount(0);

  // The result is entered: picks lock, and the shares show.
  const entered = await request.post(`/api/admin/challenges/${challengeId}/result`, {
    headers: { ...(await apiHeaders(request, opsToken)), 'content-type': 'application/json' },
    data: { correctIndex: 0 },
  });
  expect(entered.status()).toBe(200);
  await fan.reload();
  await expect(results.getByRole('listitem')).toHaveText(['Léa Marchand — 100% · Your answer', 'Marco Bianchi — 0%', 'Someone else — 0%']);
  await expect(fan.getByText("You'll see how other fans picked once picks lock.")).toHaveCount(0);
});
