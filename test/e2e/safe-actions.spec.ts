/**
 * Safe operator actions end to end in Chromium against the real server, clicked as an operator
 * would on a desktop viewport:
 * - "Send now" asks first, with the members and devices the notification reaches and a preview of its texts in
 *   English and French; cancelling sends nothing, confirming sends (the push service stand-in receives it on both
 *   of the member's devices); with no device reached the console says nobody gets it, never "on its way". The
 *   screen it opens is picked from the app's screens and the club's content (no free text), and the server
 *   refuses a path that is not a screen (422).
 * - A draw's confirmation counts its entrants and entries; cancelling draws nothing.
 * - A points grant's confirmation names the member and the points; the form empties after the grant, so a second
 *   click grants nothing.
 * - An edited console form warns before leaving through an in-app link and on unload (`beforeunload`), and not
 *   once saved.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { startPushService, type PushServiceStandIn } from '../stand-ins/push-service';
import { apiGet, apiHeaders, apiSignIn, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';
const DESKTOP = { width: 1280, height: 900 };
const HOUR = 3_600_000;

let service: PushServiceStandIn;
test.beforeAll(async () => {
  // Its own port (0: any free one), so it never meets another run's stand-in.
  service = await startPushService(0);
});
test.afterAll(async () => service.stop());

/** A mutating API call as `token`, with an idempotency key; fails the test unless the answer is `status`. */
async function api(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'patch' | 'put',
  path: string,
  data: unknown,
  status: number,
) {
  const res = await request[method](`/api${path}`, {
    headers: { ...(await apiHeaders(request, token)), 'idempotency-key': randomUUID() },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(status);
  return (await res.json()).data;
}

test('"Send now" asks first with the audience and a preview in both languages; cancel sends nothing; the screen is picked from the app', async ({
  browser,
  request,
}) => {
  test.slow();
  const ops = await signedIn(browser, OPERATOR, DESKTOP);
  const opsToken = await sessionTokenOf(ops);
  const run = randomUUID().slice(0, 8);
  // A consent only this test's member gives: the audience is exactly them.
  const consent = await api(request, opsToken, 'post', '/admin/consents', { key: `pit-news-${run}`, name: `Pit news ${run}` }, 201);
  const challenge = await api(
    request,
    opsToken,
    'post',
    '/admin/challenges',
    {
      type: 'poll',
      subtype: 'pickem',
      title: `Who takes pole in Qatar? ${run}`,
      visibleFrom: new Date(Date.now() - HOUR).toISOString(),
      expiresOn: new Date(Date.now() + 24 * HOUR).toISOString(),
      points: 10,
      options: [
        { text: 'Léa', points: 5 },
        { text: 'Marco', points: 5 },
      ],
    },
    201,
  );
  const notificationsCount = async () =>
    (await (await request.get('/api/admin/push-notifications', { headers: await apiHeaders(request, opsToken) })).json()).meta
      .total as number;

  await ops.goto('/admin/notifications');
  await expect(ops.getByRole('heading', { level: 1, name: 'Push notifications' })).toBeVisible();
  await ops.getByLabel('Topic').selectOption('challenges');
  await ops.getByLabel('Title', { exact: true }).fill('New pick’em is live');
  await ops.getByLabel('Text', { exact: true }).fill('Who takes pole in Qatar?');
  await ops.getByLabel('Title in French (optional)').fill('Nouveau pronostic');
  await ops.getByLabel('Text in French (optional)').fill('Qui prendra la pole au Qatar ?');
  // The screen: a list of the app's screens and the club's content, no free text.
  const screen = ops.getByLabel('Screen it opens');
  await expect(ops.getByRole('textbox', { name: 'Screen it opens' })).toHaveCount(0);
  await expect(screen.getByRole('option', { name: 'Leaderboard' })).toHaveCount(1);
  await expect(screen.locator('optgroup[label="Challenges"]').getByRole('option', { name: challenge.title })).toHaveCount(1);
  await screen.selectOption({ label: challenge.title });
  await ops.getByLabel('Consent given').selectOption({ label: consent.name });

  // Nobody has given the consent yet: the confirmation says nobody will receive it; cancelling sends nothing.
  const before = await notificationsCount();
  await ops.getByRole('button', { name: 'Send now' }).click();
  const confirmation = ops.getByRole('dialog', { name: 'Send this notification now?' });
  await expect(confirmation).toContainText('Nobody will receive it: no member’s device matches this topic and audience.');
  await confirmation.getByRole('button', { name: 'Back to the form' }).click();
  await expect(confirmation).toBeHidden();
  await expect(ops.getByRole('button', { name: 'Send now' })).toBeFocused();

  // A member gives the consent and has two devices on the topic.
  const fanToken = await apiSignIn(request, newFanEmail('push-confirm'));
  await api(request, fanToken, 'patch', `/consent/user/${consent.key}`, { consentId: consent.key, value: 1 }, 200);
  const phone = service.subscription();
  const laptop = service.subscription();
  for (const device of [phone, laptop]) {
    await api(
      request,
      fanToken,
      'put',
      '/push/subscription',
      { endpoint: device.endpoint, keys: device.keys, topics: ['challenges'], language: 'en' },
      200,
    );
  }

  await ops.getByRole('button', { name: 'Send now' }).click();
  await expect(confirmation).toContainText('It goes to 1 member, on 2 devices.');
  await expect(confirmation).toContainText(`Opens: Challenges · ${challenge.title}`);
  const english = confirmation.getByRole('region', { name: 'Preview in English' });
  await expect(english).toContainText('New pick’em is live');
  await expect(english).toContainText('Who takes pole in Qatar?');
  const french = confirmation.getByRole('region', { name: 'Preview in French' });
  await expect(french).toContainText('Nouveau pronostic');
  await expect(french).toContainText('Qui prendra la pole au Qatar ?');
  // Escape cancels too.
  await ops.keyboard.press('Escape');
  await expect(confirmation).toBeHidden();
  expect(await notificationsCount()).toBe(before);
  expect(service.received.filter((r) => r.subscriptionId === phone.id)).toHaveLength(0);

  await ops.getByRole('button', { name: 'Send now' }).click();
  await confirmation.getByRole('button', { name: 'Send now' }).click();
  await expect(ops.getByText('Notification on its way')).toBeVisible();
  await expect.poll(() => service.received.filter((r) => r.subscriptionId === phone.id || r.subscriptionId === laptop.id).length).toBe(2);
  expect(service.received.find((r) => r.subscriptionId === phone.id)?.payload).toMatchObject({
    title: 'New pick’em is live',
    url: `/challenges/pickem/${challenge.id}`,
  });
  expect(await notificationsCount()).toBe(before + 1);

  // No device reached (nobody holds the top rank): the console says so instead of "on its way".
  await ops.getByLabel('Title', { exact: true }).fill('Top fans only');
  await ops.getByLabel('Text', { exact: true }).fill('A paddock visit');
  await ops.getByLabel('Screen it opens').selectOption({ label: 'Leaderboard' });
  await ops.getByLabel('Consent given').selectOption({ label: 'No consent required' });
  await ops.getByLabel('Rank').selectOption('P1');
  await ops.getByRole('button', { name: 'Send now' }).click();
  await expect(confirmation).toContainText('Nobody will receive it');
  await confirmation.getByRole('button', { name: 'Send anyway' }).click();
  await expect(ops.getByText('Notification recorded, but nobody received it: no member’s device matches')).toBeVisible();
  await expect(ops.getByText('Notification on its way')).toHaveCount(0);

  // The server refuses a path that is not one of the app's screens.
  for (const url of ['/nowhere', '/articles/00000000-0000-4000-8000-000000000000']) {
    const refused = await request.post('/api/admin/push-notifications', {
      headers: { ...(await apiHeaders(request, opsToken)), 'idempotency-key': randomUUID() },
      data: { topic: 'challenges', title: 'Lost', body: 'Nowhere', url },
    });
    expect(refused.status(), url).toBe(422);
  }
});

test("a draw's confirmation counts its entrants and entries; cancelling draws nothing", async ({ browser, request }) => {
  test.slow();
  const ops = await signedIn(browser, OPERATOR, DESKTOP);
  const opsToken = await sessionTokenOf(ops);
  const title = `Grid walk passes ${randomUUID().slice(0, 6)}`;
  const sweepstake = await api(
    request,
    opsToken,
    'post',
    '/admin/sweepstakes',
    {
      title,
      prize: 'Two grid walk passes',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      entryCost: 1,
      winnerCount: 1,
      rules: 'Members aged 18 or over.',
    },
    201,
  );
  const fanToken = await apiSignIn(request, newFanEmail('draw-confirm'));
  await api(request, fanToken, 'post', '/checkin', {}, 201);
  await api(request, fanToken, 'post', `/sweepstake/${sweepstake.id}/entry`, { count: 3 }, 201);
  await api(request, opsToken, 'patch', `/admin/sweepstakes/${sweepstake.id}`, { endsAt: new Date(Date.now() + 3_000).toISOString() }, 200);

  await ops.goto(`/admin/sweepstakes/${sweepstake.id}`);
  const drawButton = ops.getByRole('button', { name: 'Draw winners' });
  await expect(drawButton).toBeEnabled({ timeout: 20_000 });
  await drawButton.click();
  const confirmation = ops.getByRole('dialog', { name: `Draw the winners of “${title}”?` });
  await expect(confirmation).toContainText('1 member takes part with 3 entries in the draw.');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  const pending = await apiGet<{ drawnAt: string | null }>(request, opsToken, `/admin/sweepstakes/${sweepstake.id}/winners`);
  expect(pending.drawnAt).toBeNull();

  await drawButton.click();
  await confirmation.getByRole('button', { name: 'Draw the winners' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Draw done: 1 winner.' })).toBeAttached();
});

test('a points grant confirms the member and points, and the form empties after it: a second click grants nothing', async ({
  browser,
  request,
}) => {
  const email = newFanEmail('grant');
  const fanToken = await apiSignIn(request, email);
  const username = `grant${Date.now() % 1_000_000}`;
  await api(request, fanToken, 'patch', '/user/me', { username, firstName: 'Gia' }, 200);
  const me = await apiGet<{ userId: string; points: number }>(request, fanToken, '/user/me');
  const ops = await signedIn(browser, OPERATOR, DESKTOP);
  await ops.goto(`/admin/members/${me.userId}`);
  await expect(ops.getByRole('heading', { level: 1, name: email })).toBeVisible();

  const amount = ops.getByLabel(/Points \(\+ or −\)/);
  const reason = ops.getByLabel(/Reason \(shown to the member\)/);
  await amount.fill('150');
  await reason.fill('Podium bonus');
  await ops.getByRole('button', { name: 'Adjust the points' }).click();
  const confirmation = ops.getByRole('dialog', { name: "Adjust this member's points?" });
  await expect(confirmation).toContainText(`Give 150 points to ${email} (@${username}).`);
  await expect(confirmation).toContainText(`Balance: ${me.points} → ${me.points + 150} points.`);
  await expect(confirmation).toContainText('Reason shown to the member: “Podium bonus”');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  expect((await apiGet<{ points: number }>(request, fanToken, '/user/me')).points).toBe(me.points);
  await expect(amount).toHaveValue('150');

  await ops.getByRole('button', { name: 'Adjust the points' }).click();
  await confirmation.getByRole('button', { name: 'Adjust the points' }).click();
  await expect(ops.getByTestId('member-balance')).toHaveText(String(me.points + 150));
  await expect(amount).toHaveValue('');
  await expect(reason).toHaveValue('');

  // A second click: nothing to grant, the form says what is missing, no confirmation, no second grant.
  await ops.getByRole('button', { name: 'Adjust the points' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(confirmation).toBeHidden();
  expect((await apiGet<{ points: number }>(request, fanToken, '/user/me')).points).toBe(me.points + 150);
});

test('an edited console form warns before leaving (in-app link and unload), and not once saved', async ({ browser }) => {
  // Two leave prompts, a tab close and a save in one walk: more than one ordinary test's work.
  test.slow();
  const ops = await signedIn(browser, OPERATOR, DESKTOP);
  const nav = ops.getByRole('navigation', { name: 'Console' });
  const unloadBlocked = () =>
    ops.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  await ops.goto('/admin/consents/new');
  await expect(ops.getByRole('heading', { level: 1, name: 'New Consent' })).toBeVisible();
  // Untouched: leaving asks nothing.
  expect(await unloadBlocked()).toBe(false);

  const run = randomUUID().slice(0, 8);
  await ops.getByLabel('Reference for import and export (optional)').fill(`paddock-${run}`);
  await ops.getByLabel('Name (English)').fill(`Paddock news ${run}`);
  await nav.getByRole('link', { name: 'Challenges', exact: true }).click();
  const leave = ops.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Stay on the page' })).toBeFocused();
  await leave.getByRole('button', { name: 'Stay on the page' }).click();
  await expect(leave).toBeHidden();
  await expect(ops).toHaveURL(/\/admin\/consents\/new$/);
  await expect(ops.getByLabel('Name (English)')).toHaveValue(`Paddock news ${run}`);

  // Closing the tab: the browser's own warning.
  expect(await unloadBlocked()).toBe(true);
  const unloadDialog = ops.waitForEvent('dialog');
  await ops.close({ runBeforeUnload: true });
  const dialog = await unloadDialog;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(ops.getByLabel('Name (English)')).toHaveValue(`Paddock news ${run}`);

  // Saved: the move to the new item's page and leaving ask nothing.
  await ops.getByRole('button', { name: 'Create' }).click();
  await expect(ops).toHaveURL(/\/admin\/consents\/[0-9a-f-]{36}$/);
  await expect(ops.getByRole('heading', { level: 1, name: `Consent: Paddock news ${run}` })).toBeVisible();
  await expect(leave).toBeHidden();
  expect(await unloadBlocked()).toBe(false);

  // Edited again, "Leave without saving" goes on.
  await ops.getByLabel('Name (English)').fill(`Paddock news ${run} (edited)`);
  await nav.getByRole('link', { name: 'Challenges', exact: true }).click();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(ops).toHaveURL(/\/admin\/challenges$/);
  await expect(ops.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();
});
