/**
 * Results that pay out, end to end in Chromium against the real server: a fan picks in a live
 * pick'em; the operator (`OPERATOR_EMAILS`, playwright.config.ts) opens it in the console, chooses the winning
 * option with the keyboard under "Enter result", confirms, and reads how many members were credited; the fan then
 * gets the "You called it" toast once, sees "Won" with the points in their pick'em history and the result row in
 * their points history (checked in the server's ledger too).
 */
import type { APIRequestContext } from '@playwright/test';
import { apiGet, apiHeaders, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';

interface Tx {
  amount: number;
  reason: string;
}

/**
 * Creates a live pick'em between Léa Marchand and Marco Bianchi through the admin API, ending in 3 hours.
 * @returns its id
 */
async function createPickem(
  request: APIRequestContext,
  opsToken: string,
  pickem: { title: string; bonus: number; optionPoints: number },
): Promise<string> {
  const created = await request.post('/api/admin/challenges', {
    headers: await apiHeaders(request, opsToken),
    data: {
      type: 'poll',
      subtype: 'pickem',
      title: pickem.title,
      visibleFrom: new Date(Date.now() - 60_000).toISOString(),
      expiresOn: new Date(Date.now() + 3 * 3600_000).toISOString(),
      points: pickem.bonus,
      options: [
        { text: 'Léa Marchand', points: pickem.optionPoints },
        { text: 'Marco Bianchi', points: pickem.optionPoints },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.id as string;
}

test("an operator enters a pick'em result; the fan who picked right is told once and sees Won with the points", async ({
  browser,
  request,
}) => {
  const title = `Pole position in Qatar ${Date.now() % 100_000}`;
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const opsToken = await sessionTokenOf(ops);
  const challengeId = await createPickem(request, opsToken, { title, bonus: 30, optionPoints: 10 });

  // The fan picks Marco from the dashboard.
  const fan = await signedIn(browser, newFanEmail('results'));
  await fan.getByRole('link', { name: new RegExp(title) }).click();
  await fan.getByRole('radio', { name: /Marco Bianchi/ }).check();
  await fan.getByRole('button', { name: /vote|submit|send|answer|pick/i }).click();
  const token = await sessionTokenOf(fan);
  const ledger = async (reason: string) =>
    (await apiGet<Tx[]>(request, token, '/user/me/transactions')).filter((t) => t.reason === reason).map((t) => t.amount);
  await expect.poll(() => ledger('challenge')).toEqual([10]);

  // The operator enters Marco as the result, with the keyboard.
  await ops.goto(`/admin/challenges/${challengeId}`);
  const section = ops.getByRole('region', { name: 'Result' });
  await expect(section.getByText('No result entered yet.')).toBeVisible();
  const winning = section.getByRole('group', { name: 'Winning option' });
  await winning.getByRole('radio', { name: 'Léa Marchand' }).focus();
  await ops.keyboard.press('ArrowDown');
  await expect(winning.getByRole('radio', { name: 'Marco Bianchi' })).toBeChecked();
  ops.once('dialog', (dialog) => void dialog.accept());
  await section.getByRole('button', { name: 'Enter result' }).focus();
  await ops.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('1 member credited, 30 pts in all.');
  await expect(section.getByText(/^Current result: Marco Bianchi, entered/)).toBeVisible();

  // The fan's ledger has the credit once.
  await expect.poll(() => ledger('challenge_result')).toEqual([30]);

  // The next time the app refreshes, the fan is told, once.
  await fan.goto('/dashboard');
  await expect(fan.getByText('You called it: +30 pts')).toBeVisible();
  await fan.goto('/history');
  await expect(fan.getByText('Result · you called it').first()).toBeVisible();
  await expect(fan.getByText('You called it: +30 pts')).toHaveCount(0);

  // Their pick'em history says Won, with the pick's points and the bonus.
  await fan.goto('/challenges/pickem');
  const history = fan.getByRole('region', { name: 'Your history' });
  const item = history.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('Won', { exact: true })).toBeVisible();
  await expect(item.getByText('40 points')).toBeVisible();
});

test("an operator's pick'em bonus is saved from the console, the card promises it, and picks lock once the result is in", async ({
  browser,
  request,
}) => {
  const title = `Fastest lap in Suzuka ${Date.now() % 100_000}`;
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const opsToken = await sessionTokenOf(ops);
  const challengeId = await createPickem(request, opsToken, { title, bonus: 0, optionPoints: 5 });

  // The operator sets the bonus in the form and saves; it is still 50 after a reload.
  await ops.goto(`/admin/challenges/${challengeId}`);
  const bonus = ops.getByLabel('Bonus for the right pick (points)');
  await bonus.fill('50');
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByText('Challenge saved')).toBeVisible();
  await ops.reload();
  await expect(ops.getByLabel('Bonus for the right pick (points)')).toHaveValue('50');

  // A fan's card promises the option's points and the bonus.
  const fan = await signedIn(browser, newFanEmail('locked'));
  await fan.goto('/challenges/pickem');
  const card = fan.getByRole('link', { name: new RegExp(title) });
  await expect(card.getByText('Up to 55 pts')).toBeVisible();

  // The operator enters the result; the confirmation says what it pays.
  const section = ops.getByRole('region', { name: 'Result' });
  await section.getByRole('group', { name: 'Winning option' }).getByRole('radio', { name: 'Léa Marchand' }).check();
  const confirmation = new Promise<string>((resolve) =>
    ops.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await section.getByRole('button', { name: 'Enter result' }).click();
  expect(await confirmation).toContain('credited 50 pts each');
  await expect(section.getByText(/^Current result: Léa Marchand, entered/)).toBeVisible();

  // The fan who had not picked can no longer pick the known winner.
  await fan.reload();
  await card.first().click();
  await expect(fan.getByText('Picks are locked: you did not make a pick.')).toBeVisible();
  await expect(fan.getByRole('button', { name: /submit|pick/i })).toHaveCount(0);
  const late = await request.post(`/api/challenge/${challengeId}`, {
    headers: { ...(await apiHeaders(request, await sessionTokenOf(fan))), 'content-type': 'application/json' },
    data: { pool: { responseIndex: 0 } },
  });
  expect(late.status()).toBe(422);
  expect((await late.json()).error.details).toEqual({ reason: 'PickLocked' });
});
