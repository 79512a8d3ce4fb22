/**
 * Referral rewards end to end in Chromium against the real server: a fan opens /referral and reads
 * their invite link; a friend opens the link signed out, signs in (the code is kept through sign-in and claimed),
 * picks a name, checks in on the dashboard; both then see their referral points on /referral and in their history.
 */
import { randomUUID } from 'node:crypto';
import { apiGet, expect, newFanEmail, signInThroughUi, test } from './fixtures';
import { signInToDashboard } from './offline-helpers';

test('a fan invites a friend, who opens the link, signs in and checks in: both earn their referral points', async ({ page, browser }) => {
  const inviter = await signInToDashboard(page, 'rfa');
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Invite friends', level: 1 })).toBeVisible();
  const link = await page.getByLabel('Your personal link').inputValue();
  const code = (await page.getByTestId('referral-code').textContent())!.trim();
  expect(new URL(link).searchParams.get('ref')).toBe(code);
  await expect(page.getByText('No friend has joined with your invite yet.')).toBeVisible();

  const friend = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await expect.poll(() => friend.evaluate(() => localStorage.getItem('podium.referral.code'))).toBe(code);
  await signInThroughUi(friend, newFanEmail('rfb'));
  await friend.waitForURL(/\/welcome$/);
  await friend.getByLabel('First name').fill('Noa');
  await friend.getByLabel('Username').fill(`rfb${randomUUID().slice(0, 8)}`);
  await friend.getByRole('button', { name: "Let's go" }).click();
  // The kept code is claimed once signed in, and forgotten when the server answered.
  await expect.poll(() => friend.evaluate(() => localStorage.getItem('podium.referral.code'))).toBeNull();
  await friend.goto('/referral');
  await expect(
    friend.getByText('You joined with a friend’s invite: check in or answer a challenge and you both earn 100 points.'),
  ).toBeVisible();
  await friend.goto('/dashboard');
  await friend.getByRole('button', { name: /^Check in/ }).click();
  await expect(friend.getByRole('button', { name: /^Check in/ })).toHaveCount(0);

  await friend.goto('/referral');
  await expect(friend.getByText('You joined with a friend’s invite: you both earned 100 points.')).toBeVisible();
  await friend.goto('/history');
  await expect(friend.getByText('Joined with a friend’s invite')).toBeVisible();
  await friend.context().close();

  await page.reload();
  await expect(page.getByText('1 friend joined with your invite.')).toBeVisible();
  await expect(page.getByText('You were rewarded for 1 of them.')).toBeVisible();
  expect((await apiGet<{ points: number }>(page.request, inviter, '/user/me')).points).toBe(100);
  await page.goto('/history');
  await expect(page.getByText('A friend joined with your invite')).toBeVisible();
});
