/**
 * The rewards catalogue end to end in Debian's Chromium against the real server: an operator adds a
 * code reward with two codes; a fan with enough points opens Rewards from the dashboard, sees the reward with its
 * cost, confirms the redemption in the dialog, lands on "My rewards" with the code and copies it; the balance and
 * the ledger show the spend once. Offline, the catalogue and the code still read from the persisted cache, and the
 * app says redeeming needs a connection instead of queueing it. The console's rewards list shows one code left.
 */
import { apiGet, apiHeaders, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const OPERATOR = 'ops@alpine-racing.example';

test('a fan redeems a code reward and finds the code in My rewards, also offline', async ({ browser, request }) => {
  test.slow();
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const opsHeaders = await apiHeaders(request, await sessionTokenOf(ops));
  const suffix = Date.now() % 100_000;
  const title = `Pit shop voucher ${suffix}`;
  const codes = [`PIT-${suffix}-A`, `PIT-${suffix}-B`];
  const created = await request.post('/api/admin/rewards', {
    headers: opsHeaders,
    data: {
      title,
      description: '15% off in the pit shop.',
      cost: 40,
      fulfilment: 'code',
      limitPerMember: 1,
      addCodes: codes.join('\n'),
      sortOrder: -1000,
    },
  });
  expect(created.status()).toBe(201);

  const fan = await signedIn(browser, newFanEmail('rewards'));
  const fanToken = await sessionTokenOf(fan);
  const me = await apiGet<{ userId: string; points: number }>(request, fanToken, '/user/me');
  const adjusted = await request.post(`/api/admin/members/${me.userId}/adjustments`, {
    headers: opsHeaders,
    data: { amount: 100, reason: 'Welcome gift for the rewards test' },
  });
  expect(adjusted.status()).toBe(201);
  const balance = me.points + 100;

  await fan.reload();
  await fan.getByRole('link', { name: /^Rewards/ }).click();
  await expect(fan.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  const card = fan.getByRole('article', { name: title });
  await expect(card.getByText('40 points', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Redeem for 40 points' }).click();

  const dialog = fan.getByRole('dialog', { name: `Redeem “${title}”?` });
  await expect(dialog.getByText(`Your balance after: ${balance - 40}.`, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Spend 40 points' }).click();

  await expect(fan).toHaveURL(/\/rewards\/mine$/);
  await expect(fan.getByRole('heading', { level: 1, name: 'My rewards' })).toBeVisible();
  const mine = fan.getByRole('article', { name: title });
  const code = mine.locator('code');
  await expect(code).toHaveText(/^PIT-\d+-[AB]$/);
  const revealed = (await code.textContent())!;
  expect(codes).toContain(revealed);
  await fan.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await mine.getByRole('button', { name: `Copy the code of ${title}` }).click();
  await expect.poll(() => fan.evaluate(() => navigator.clipboard.readText())).toBe(revealed);

  await expect.poll(async () => (await apiGet<{ points: number }>(request, fanToken, '/user/me')).points).toBe(balance - 40);
  const ledger = await apiGet<Array<{ reason: string; amount: number }>>(request, fanToken, '/user/me/transactions');
  expect(ledger.filter((row) => row.reason === 'reward_redemption')).toEqual([expect.objectContaining({ amount: -40 })]);

  // Offline: the catalogue and the code read from the persisted cache; redeeming says it needs a connection.
  await fan.context().setOffline(true);
  await fan.getByRole('link', { name: 'Rewards' }).first().click();
  await expect(fan.getByRole('status').filter({ hasText: 'redeeming one needs a connection' })).toBeVisible();
  await expect(fan.getByRole('article', { name: title }).getByRole('button', { name: 'Redeem for 40 points' })).toBeDisabled();
  await fan.getByRole('link', { name: 'My rewards' }).click();
  await expect(fan.getByRole('article', { name: title }).locator('code')).toHaveText(revealed);
  await fan.context().setOffline(false);

  // The console counts the codes left, never shows them.
  await ops.goto('/admin/rewards');
  const row = ops.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('1 of 2 codes left · 1 redeemed')).toBeVisible();
  await expect(ops.getByText(revealed)).toHaveCount(0);
});
