/**
 * The console's overview, menu, labels and figures end to end in Chromium against the real server, as the run's
 * operator on a desktop viewport: the overview lists this week's work, set up through the admin
 * API (a pick'em past its kick-off without a result, a sweepstake ended and not drawn, a prize drawn and not
 * claimed, a scheduled notification, live and scheduled content), each with a link to where the operator acts;
 * the menu is four labelled groups; a form's fields and error summary read humanly; the figures' Today chart's
 * axis is the hours of one day and every chart has a legend naming its series with their unit.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet, apiHeaders, apiSignIn, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';
const DESKTOP = { width: 1280, height: 900 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long to wait for a console page's first content (its code and the chart library load on first use). */
const SLOW = 60_000;

/** An instant `offset` ms from now, ISO. */
const fromNow = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Sends `data` to the admin API as `token`; returns the created item's id (a notification answers 202). */
async function create(request: APIRequestContext, token: string, path: string, data: object): Promise<string> {
  const res = await request.post(`/api/admin/${path}`, { headers: await apiHeaders(request, token), data });
  expect([201, 202], `POST /api/admin/${path} -> ${res.status()} ${await res.text()}`).toContain(res.status());
  return ((await res.json()) as { data: { id: string } }).data.id;
}

// One signed-in operator page for the file: signing the one operator in again and again is slow and rate limited.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
let ops: Page;
let token: string;
test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(240_000);
  ops = await signedIn(browser, OPERATOR, DESKTOP);
  token = await sessionTokenOf(ops);
});
test.afterAll(async () => ops.context().close());

test("the overview lists the week's work with links to act, under a menu of four labelled groups", async ({ request }) => {
  const run = String(Date.now() % 100_000);
  const options = [
    { text: 'Léa', points: 10 },
    { text: 'Marco', points: 10 },
  ];

  // A pick'em that kicked off an hour ago without a result (live until its end, in two hours).
  const pickTitle = `Who wins heat ${run}?`;
  const pickId = await create(request, token, 'challenges', {
    type: 'poll',
    subtype: 'pickem',
    title: pickTitle,
    visibleFrom: fromNow(-2 * HOUR),
    locksAt: fromNow(-HOUR),
    expiresOn: fromNow(2 * HOUR),
    options,
  });
  // A poll that starts in two days.
  const pollTitle = `Best overtake ${run}`;
  await create(request, token, 'challenges', {
    type: 'poll',
    subtype: 'poll',
    title: pollTitle,
    visibleFrom: fromNow(2 * DAY),
    expiresOn: fromNow(3 * DAY),
    options,
  });
  // A notification for tomorrow.
  const pushTitle = `Lights out ${run}`;
  await create(request, token, 'push-notifications', {
    topic: 'challenges',
    title: pushTitle,
    body: 'The race starts in an hour.',
    sendAt: fromNow(DAY),
  });

  // A prize drawn and not claimed: a fan enters, the sweepstake ends a few seconds later and is drawn.
  const fan = await apiSignIn(request, newFanEmail('overview'));
  const fanHeaders = { ...(await apiHeaders(request, fan)), 'content-type': 'application/json' };
  expect((await request.post('/api/checkin', { headers: fanHeaders, data: {} })).ok()).toBeTruthy();
  await expect.poll(async () => (await apiGet<{ points: number }>(request, fan, '/user/me')).points).toBeGreaterThanOrEqual(5);
  const prizeTitle = `Signed helmet ${run}`;
  const prizeId = await create(request, token, 'sweepstakes', {
    title: prizeTitle,
    prize: 'A signed helmet',
    startsAt: fromNow(-MINUTE),
    endsAt: fromNow(6_000),
    entryCost: 5,
    winnerCount: 1,
  });
  const entry = await request.post(`/api/sweepstake/${prizeId}/entry`, { headers: fanHeaders, data: { count: 1 } });
  expect(entry.status(), await entry.text()).toBe(201);
  // A sweepstake that ended with no draw yet: the same, left undrawn.
  const dueTitle = `Pit lane tour ${run}`;
  const dueId = await create(request, token, 'sweepstakes', {
    title: dueTitle,
    startsAt: fromNow(-MINUTE),
    endsAt: fromNow(4_000),
    entryCost: 5,
    winnerCount: 1,
  });
  await expect
    .poll(
      async () => (await request.post(`/api/admin/sweepstakes/${prizeId}/draw`, { headers: await apiHeaders(request, token) })).status(),
      { timeout: 20_000 },
    )
    .toBe(201);

  await ops.goto('/admin');
  // The console's code loads on first use: on a busy machine that takes longer than an assertion's default wait.
  await expect(ops.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible({ timeout: SLOW });

  const pickems = ops.getByRole('region', { name: /^Pick'ems waiting for a result/ });
  await expect(pickems.getByRole('listitem').filter({ hasText: pickTitle })).toBeVisible({ timeout: SLOW });
  const draws = ops.getByRole('region', { name: /^Draws due/ });
  await expect(draws.getByRole('link', { name: `Draw the winners of ${dueTitle}` })).toHaveAttribute('href', `/admin/sweepstakes/${dueId}`);
  const prizes = ops.getByRole('region', { name: /^Prizes not claimed/ });
  await expect(prizes.getByRole('listitem').filter({ hasText: `${prizeTitle}, winner 1` })).toBeVisible();
  await expect(prizes.getByRole('link', { name: `Open the draw of ${prizeTitle}` })).toHaveAttribute(
    'href',
    `/admin/sweepstakes/${prizeId}`,
  );
  const notifications = ops.getByRole('region', { name: /^Notifications scheduled/ });
  await expect(notifications.getByRole('listitem').filter({ hasText: pushTitle })).toBeVisible();
  await expect(ops.getByRole('region', { name: /^Live now/ }).getByRole('link', { name: pickTitle })).toHaveAttribute(
    'href',
    `/admin/challenges/${pickId}`,
  );
  await expect(ops.getByRole('region', { name: /^Starting this week/ }).getByRole('link', { name: pollTitle })).toBeVisible();
  // Every section says how many it holds.
  await expect(ops.getByRole('heading', { level: 2, name: /^Prizes not claimed \d+ items?$/ })).toBeVisible();

  // The menu: the overview, then four groups, each named by its heading.
  const nav = ops.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  const groups = {
    Content: ['Challenges', 'Stories', 'Videos'],
    'Match day': ['Venue events', 'Sweepstakes', 'Figures'],
    Members: ['Members', 'Ranks'],
    Settings: ['Organization settings', 'Audit log'],
  };
  await expect(nav.getByRole('group')).toHaveCount(4);
  for (const [group, links] of Object.entries(groups)) {
    await expect(nav.getByRole('heading', { level: 2, name: group })).toBeVisible();
    for (const link of links)
      await expect(nav.getByRole('group', { name: group }).getByRole('link', { name: link, exact: true })).toBeVisible();
  }

  // The pick'em's link leads to its page, where the result is entered.
  await pickems.getByRole('link', { name: `Enter the result of ${pickTitle}` }).click();
  await expect(ops).toHaveURL(new RegExp(`/admin/challenges/${pickId}$`));
  await expect(ops.getByRole('heading', { level: 1, name: new RegExp(pickTitle.replace('?', '\\?')) })).toBeVisible();
});

test('a form reads humanly: the challenge editor names its options "Option 1", in its fields and its error summary', async () => {
  await ops.goto('/admin/challenges/new');
  await expect(ops.getByLabel('Kind of challenge')).toBeVisible({ timeout: SLOW });
  await ops.getByLabel('Kind of challenge').selectOption({ label: 'Poll' });
  await expect(ops.getByLabel('Option 1 (English)')).toBeVisible();
  await expect(ops.getByLabel('Points of option 2')).toBeVisible();
  await expect(ops.getByLabel('Reference for import and export (optional)')).toBeVisible();
  await ops.getByLabel('Title (English)').fill('Fastest pit stop');
  await ops.getByRole('button', { name: 'Create' }).click();
  const summary = ops.locator('[data-error-summary]');
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('listitem').filter({ hasText: /^Option 1: / })).toBeVisible();
  await expect(summary).not.toContainText('·');
  await expect(summary).not.toContainText('options');
});

test("the figures' Today chart runs over the hours of one day, and every chart has a legend with its unit", async ({ request }) => {
  const today = await apiGet<{ from: string; to: string }>(request, token, '/admin/figures?period=today');
  await ops.goto('/admin/figures?period=today');
  const chart = ops.getByRole('img', {
    name: /^Check-ins by day: chart of Count for .*, on an axis of the day's hours from 00:00 to 24:00/,
  });
  await expect(chart).toBeVisible({ timeout: SLOW });
  // The axis the chart drew spans today's midnight to the next: the hours of one day.
  await expect(chart).toHaveAttribute('data-axis-from', `${today.from}T00:00:00.000Z`);
  const to = new Date(Date.parse(`${today.from}T00:00:00Z`) + DAY).toISOString();
  await expect(chart).toHaveAttribute('data-axis-to', to);

  // Six charts, six legends, each naming its series with the unit.
  await expect(ops.getByRole('table', { name: /^Legend of / })).toHaveCount(6);
  const points = ops.getByRole('table', { name: 'Legend of Points by day' });
  await expect(points).toContainText('Earned (points)');
  await expect(points).toContainText('Spent (points)');
  await expect(ops.getByRole('table', { name: 'Legend of Members by day' })).toContainText('New (members)');
  await expect(ops.getByRole('table', { name: 'Legend of Check-ins by day' })).toContainText('Count (check-ins)');

  // Seven days: the axis covers the seven days exactly.
  await ops.getByRole('radio', { name: '7 days' }).check();
  const week = await apiGet<{ from: string; to: string }>(request, token, '/admin/figures?period=7d');
  const weekChart = ops.getByRole('img', { name: /^Check-ins by day: chart of Count by day/ });
  await expect(weekChart).toHaveAttribute('data-axis-from', `${week.from}T00:00:00.000Z`);
  await expect(weekChart).toHaveAttribute('data-axis-to', new Date(Date.parse(`${week.to}T00:00:00Z`) + DAY).toISOString());
});
