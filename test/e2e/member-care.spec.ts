/**
 * Member care end to end in Chromium against the real server: a fan downloads their data from their
 * profile and deletes their account (typing the confirmation word) and lands on the sign-in screen, their session
 * revoked; an operator finds a fan in the console, adjusts their points with a reason (the fan
 * reads it in their history) and suspends another member, who is then told so on the sign-in screen. The club's
 * last operator who tries to delete their account is told to hand the role on first, and stays.
 */
import type { Browser, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  apiGet,
  apiHeaders,
  apiSignIn,
  expect,
  newFanEmail,
  readSignInCode,
  serverLogSize,
  sessionTokenOf,
  signInThroughUi,
  test,
} from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';

/** Signs `email` in through the UI in a fresh context, completing /welcome when asked; ends on /dashboard. */
async function signedIn(browser: Browser, email: string, viewport = { width: 390, height: 844 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto('/login');
  await signInThroughUi(page, email);
  const firstName = page.getByLabel(/first name|prénom/i);
  await expect(firstName.or(page.getByRole('region', { name: /points and rank/i }))).toBeVisible();
  if (await firstName.isVisible()) {
    await firstName.fill('Sam');
    await page.getByLabel(/username|pseudo|nom d'utilisateur/i).fill(`sam${Date.now() % 1_000_000}`);
    await page.getByRole('button', { name: /let's go|c'est parti/i }).click();
  }
  await page.waitForURL(/\/dashboard/);
  return page;
}

test('a fan downloads their data and deletes their account, and is signed out', async ({ browser, request }) => {
  const email = newFanEmail('gdpr');
  const page = await signedIn(browser, email);
  const token = await sessionTokenOf(page);
  const before = await apiGet<{ userId: string }>(request, token, '/user/me');

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.member).toMatchObject({ id: before.userId, email });
  expect(Object.keys(data.tables)).toEqual(expect.arrayContaining(['point_transactions', 'sessions', 'user_consents']));
  expect(JSON.stringify(data)).not.toMatch(/tokenHash/);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete me');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByText('Type DELETE exactly to confirm.')).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await page.waitForURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('podium.session.token'))).toBeNull();

  // The session is revoked on the server too (signing up again with the e-mail is covered by test/server/member-care.test.ts).
  const res = await request.get('/api/user/me', { headers: await apiHeaders(request, token) });
  expect(res.status()).toBe(401);
});

test('an operator adjusts a fan’s points with a reason (the fan sees it in their history) and suspends a member', async ({
  browser,
  request,
}) => {
  // The member to suspend exists first: their next sign-in code comes after the operator's work.
  const cheaterEmail = newFanEmail('cheater');
  await apiSignIn(request, cheaterEmail);
  const fanEmail = newFanEmail('care');
  const fan = await signedIn(browser, fanEmail);
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });

  await ops.goto('/admin');
  await ops.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Members', exact: true }).click();
  await ops.getByRole('searchbox', { name: 'Search' }).fill(fanEmail);
  await ops.getByRole('button', { name: 'Apply' }).click();
  await ops.getByRole('link', { name: `Open ${fanEmail}` }).click();
  await expect(ops.getByRole('heading', { level: 1, name: fanEmail })).toBeVisible();

  const reason = `Podium bonus ${Date.now() % 100_000}`;
  await ops.getByLabel(/Points \(\+ or −\)/).fill('150');
  await ops.getByLabel(/Reason \(shown to the member\)/).fill(reason);
  await ops.getByRole('button', { name: 'Adjust the points' }).click();
  await ops.getByRole('dialog', { name: "Adjust this member's points?" }).getByRole('button', { name: 'Adjust the points' }).click();
  await expect(ops.getByTestId('member-balance')).toHaveText('150');
  await expect(ops.getByRole('table', { name: 'Points history' }).getByText(reason)).toBeVisible();

  await fan.goto('/history');
  await expect(fan.getByText(reason)).toBeVisible();
  await expect(fan.getByText('+150').first()).toBeVisible();

  // Suspend the other member, then that member is told so at sign-in.
  await ops.goto('/admin/members');
  await ops.getByRole('searchbox', { name: 'Search' }).fill(cheaterEmail);
  await ops.getByRole('button', { name: 'Apply' }).click();
  await ops.getByRole('link', { name: `Open ${cheaterEmail}` }).click();
  await ops
    .getByRole('form', { name: 'Suspension' })
    .getByLabel(/^Reason/)
    .fill('Automated check-ins');
  await ops.getByRole('button', { name: 'Suspend the member' }).click();
  await expect(ops.getByText(/Suspended until lifted — Automated check-ins/)).toBeVisible();
  await expect(ops.getByRole('button', { name: 'Lift the suspension' })).toBeVisible();

  const cheater = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await cheater.goto('/login');
  const mark = await serverLogSize();
  // A code was mailed to this e-mail moments ago: the per-e-mail cooldown (2 s in this run's server, see
  // playwright.config.ts) may ask the member to try again shortly.
  await expect(async () => {
    await cheater.getByLabel(/e-?mail/i).fill(cheaterEmail);
    await cheater.getByLabel(/e-?mail/i).press('Enter');
    await expect(cheater).toHaveURL(/\/login\/verify-email/, { timeout: 2000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await cheater.getByLabel(/code/i).fill(await readSignInCode(cheaterEmail, mark));
  await expect(cheater.getByText(/Your account is suspended\./)).toBeVisible();
});

test("the club's last operator cannot delete their account: the app says to hand the role on first", async ({ browser, request }) => {
  const ops = await signedIn(browser, OPERATOR);
  const token = await sessionTokenOf(ops);
  await ops.goto('/profile/data');
  await ops.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = ops.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(
    dialog.getByText("You're the club's last operator: give the operator role to someone else in the console first."),
  ).toBeVisible();
  await expect(ops).toHaveURL(/\/profile\/data$/);
  const me = await apiGet<{ role: string }>(request, token, '/user/me');
  expect(me.role).toBe('operator');
});
