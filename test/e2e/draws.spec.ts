/**
 * A sweepstake draw end to end in Debian's Chromium against the real server: a fan checks in and
 * enters a sweepstake, whose end the operator then brings forward to a few seconds later; the operator opens it in
 * the console, where "Draw winners" becomes available once it ended, draws, sees the fan as the winner and exports the winners as CSV; the fan then
 * sees the "You won" banner on home and on the sweepstakes tab, follows it to the sweepstake's page
 * and claims the prize, which the server records and the console shows; the banner is then gone from both.
 */
import { readFile } from 'node:fs/promises';
import { apiGet, apiHeaders, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';

test('an operator draws an ended sweepstake; the winner sees "You won" and claims', async ({ browser, request }) => {
  // It waits for the sweepstake's real end (25 s) on top of two sign-ins.
  test.slow();
  const email = newFanEmail('winner');
  const fan = await signedIn(browser, email);
  const fanToken = await sessionTokenOf(fan);
  await fan.getByRole('button', { name: /check in/i }).click();
  await expect.poll(async () => (await apiGet<{ points: number }>(request, fanToken, '/user/me')).points).toBeGreaterThanOrEqual(5);

  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const title = `Pit wall headset ${Date.now() % 100_000}`;
  const created = await request.post('/api/admin/sweepstakes', {
    headers: await apiHeaders(request, await sessionTokenOf(ops)),
    data: {
      title,
      prize: 'A signed pit wall headset',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 30_000).toISOString(),
      entryCost: 5,
      winnerCount: 1,
      rules: '### Who can enter\nMembers aged 18 or over.',
    },
  });
  expect(created.status()).toBe(201);
  const { id, seedCommitment } = (await created.json()).data as { id: string; seedCommitment: string };

  await fan.goto(`/sweepstakes/${id}`);
  await expect(fan.getByRole('heading', { name: 'Official rules' })).toBeVisible();
  await fan.getByRole('button', { name: /enter once/i }).click();
  await expect(fan.getByText(/you’re in/i)).toBeVisible();
  // With the fan's entry in, the operator brings the end forward to a little later: long enough for the console
  // page to open before it on a busy machine.
  const ended = await request.patch(`/api/admin/sweepstakes/${id}`, {
    headers: await apiHeaders(request, await sessionTokenOf(ops)),
    data: { endsAt: new Date(Date.now() + 25_000).toISOString() },
  });
  expect(ended.status()).toBe(200);

  await ops.goto(`/admin/sweepstakes/${id}`);
  const drawButton = ops.getByRole('button', { name: 'Draw winners' });
  await expect(drawButton).toBeDisabled();
  await expect(ops.getByText(seedCommitment)).toBeVisible();
  // The button becomes available by itself once the sweepstake's end has passed.
  await expect(drawButton).toBeEnabled({ timeout: 40_000 });
  await drawButton.click();
  await ops
    .getByRole('dialog', { name: `Draw the winners of “${title}”?` })
    .getByRole('button', { name: 'Draw the winners' })
    .click();
  await expect(ops.getByRole('status').filter({ hasText: 'Draw done: 1 winner.' })).toBeAttached();
  const winners = ops.getByRole('table', { name: 'Winners in draw order' });
  await expect(winners.getByRole('row').filter({ hasText: email })).toContainText(/not claimed yet/i);

  const download = ops.waitForEvent('download');
  await ops.getByRole('button', { name: 'Export winners (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('place,username,email,ticket,drawnAt,notifiedAt,claimBy,claimedAt,replacedAt');
  expect(csv).toContain(email);

  // The winner opens the app: the banner on home, and on the sweepstakes tab, leads to the sweepstake.
  await fan.goto('/dashboard');
  const banner = fan.getByRole('region', { name: 'You won a prize!' });
  await expect(banner).toContainText(title);
  await expect(banner).toContainText('A signed pit wall headset');
  const tabs = fan.getByRole('navigation', { name: 'Main' });
  await tabs.getByRole('link', { name: 'Sweepstakes' }).click();
  await expect(fan).toHaveURL(/\/sweepstakes$/);
  await banner.getByRole('link', { name: 'Claim my prize' }).click();
  await expect(fan).toHaveURL(new RegExp(`/sweepstakes/${id}$`));
  await expect(fan.getByRole('heading', { name: 'You won!' })).toBeVisible();
  await fan.getByRole('button', { name: 'Claim my prize' }).click();
  await expect(fan.getByText(/^Claimed on /)).toBeVisible();
  // Claimed: the banner is gone from the sweepstakes tab and from home.
  await fan.getByRole('main').getByRole('link', { name: 'Sweepstakes', exact: true }).click();
  await expect(fan.getByRole('heading', { level: 1, name: 'Sweepstakes' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await tabs.getByRole('link', { name: 'Home' }).click();
  await expect(fan.getByRole('region', { name: /points and rank/i })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await fan.reload();
  await expect(fan.getByRole('region', { name: /points and rank/i })).toBeVisible();
  await expect(banner).toHaveCount(0);
  const draw = await apiGet<{ you: { claimedAt: string | null }; winners: Array<{ claimed: boolean }> }>(
    request,
    fanToken,
    `/sweepstake/${id}/draw`,
  );
  expect(draw.you.claimedAt).not.toBeNull();
  expect(draw.winners).toEqual([expect.objectContaining({ claimed: true })]);

  await ops.reload();
  await expect(ops.getByRole('table', { name: 'Winners in draw order' }).getByRole('row').filter({ hasText: email })).toContainText(
    /claimed on/i,
  );
});
