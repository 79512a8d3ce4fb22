/**
 * Logged-off dashboard end to end (spec §2 main guard, §6): a server with PUBLIC_LOGGED_OFF_DASHBOARD=true.
 * Visitors stay on / which shows the public sweepstakes (organization key) and public challenges, as decided by the
 * server; the requested path is remembered unless it is /; after sign-in the stored path is used once and cleared
 * unless it is /welcome or /dashboard; a signed-in member on an open route goes to /.
 */
import type { Page } from '@playwright/test';
import { apiHeaders, expect, test } from './fixtures';
import { readFile } from 'node:fs/promises';
import { LOGGED_OFF_SERVER_LOG, LOGGED_OFF_URL } from '../../playwright.integrations.config';
import { completeWelcome, newEmail } from './supabase-fixtures';

test.use({ baseURL: LOGGED_OFF_URL });

const REDIRECT_KEY = 'podium.session.postLoginRedirectPath';
const storedRedirect = (page: Page) => page.evaluate((key) => localStorage.getItem(key), REDIRECT_KEY);

async function logSize() {
  return (await readFile(LOGGED_OFF_SERVER_LOG, 'utf8')).length;
}

/** Signs in through /login and /login/verify-email with the code from the server log (local auth mode). */
async function signIn(page: Page, email: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  const mark = await logSize();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/e-?mail/i).press('Enter');
  await page.waitForURL(/\/login\/verify-email/);
  const pattern = new RegExp(`\\[mail\\] sign-in code for ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\d{6})`);
  let code: string | undefined;
  await expect.poll(async () => (code = pattern.exec((await readFile(LOGGED_OFF_SERVER_LOG, 'utf8')).slice(mark))?.[1])).toBeTruthy();
  await page.getByLabel(/code/i).fill(code!);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A member's bearer token through the real API (local mode), the code read from the server log. */
async function apiSignIn(request: import('@playwright/test').APIRequestContext, email: string) {
  const headers = await apiHeaders(request);
  const mark = await logSize();
  expect((await request.post('/api/session/otp', { data: { email }, headers })).status()).toBe(202);
  const pattern = new RegExp(`sign-in code for ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\d{6})`);
  let code: string | undefined;
  await expect.poll(async () => (code = pattern.exec((await readFile(LOGGED_OFF_SERVER_LOG, 'utf8')).slice(mark))?.[1])).toBeTruthy();
  const res = await request.post('/api/session', { data: { email, code }, headers });
  return (await res.json()).data.token as string;
}

test('a visitor on / sees the public sweepstakes and challenges the server chose, with calls to sign in', async ({ page, request }) => {
  const config = await (await request.get('/config.json')).json();
  expect(config.loggedOffDashboard).toBe(true);
  const auth = await apiHeaders(request);
  const publicSweepstakes = (await (await request.get('/api/sweepstake', { headers: auth })).json()).data.filter(
    (s: { status: string }) => s.status !== 'ended',
  );
  const publicChallenges = (await (await request.get('/api/challenge', { headers: auth })).json()).data.filter(
    (c: { expiresOn: string | null; visibleFrom: string }) =>
      Date.parse(c.visibleFrom) <= Date.now() && (!c.expiresOn || Date.parse(c.expiresOn) > Date.now()),
  );
  expect(publicSweepstakes.length).toBeGreaterThan(0);
  expect(publicChallenges.length).toBeGreaterThan(0);

  const sweepstakeCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/sweepstake')) sweepstakeCalls.push(req.headers().authorization ?? '');
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alpine Racing');
  const sweepstakes = page.getByRole('list', { name: 'Sweepstakes' }).getByRole('listitem');
  const challenges = page.getByRole('list', { name: 'Challenges' }).getByRole('listitem');
  await expect(sweepstakes).toHaveCount(publicSweepstakes.length);
  await expect(challenges).toHaveCount(publicChallenges.length);
  for (const s of publicSweepstakes) await expect(page.getByRole('heading', { name: s.title })).toBeVisible();
  for (const c of publicChallenges) await expect(page.getByRole('heading', { name: c.title })).toBeVisible();
  await expect(sweepstakes.first().getByRole('button', { name: 'Sign in to enter' })).toBeVisible();
  await expect(challenges.first().getByRole('button', { name: 'Sign in to play' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with e-mail' })).toBeVisible();
  expect(sweepstakeCalls.length).toBeGreaterThan(0);
  expect(sweepstakeCalls.every((a) => a === `Bearer ${config.organizationKey}`)).toBe(true);

  // The server decides what is public: a member sees more challenges than the visitor's list.
  const token = await apiSignIn(request, newEmail('member'));
  const member = (await (await request.get('/api/challenge', { headers: await apiHeaders(request, token) })).json()).data as {
    challengeId: string;
  }[];
  const visitorAll = (await (await request.get('/api/challenge', { headers: auth })).json()).data as { challengeId: string }[];
  expect(member.length).toBeGreaterThan(visitorAll.length);
  expect(visitorAll.every((v) => member.some((m) => m.challengeId === v.challengeId))).toBe(true);
});

/** Fills and submits /welcome (first name and a fresh username); the app then goes where it goes next. */
async function submitWelcome(page: import('@playwright/test').Page): Promise<void> {
  await page.getByLabel('First name').fill('Camille');
  await page.getByLabel('Username').fill(`fan${Date.now() % 1_000_000}`);
  await page.getByRole('button', { name: "Let's go" }).click();
}

test('a visitor asking for a member page stays on / and the path is remembered; / itself is not remembered', async ({ page }) => {
  await page.goto('/');
  expect(await storedRedirect(page)).toBeNull();
  await page.goto('/challenges/poll?from=mail');
  await expect(page).toHaveURL(/\/$/);
  expect(await storedRedirect(page)).toBe('/challenges/poll?from=mail');
  await page.goto('/');
  expect(await storedRedirect(page)).toBe('/challenges/poll?from=mail');
});

test('after sign-in the stored path is used once and cleared', async ({ page }) => {
  // A new member picks a name on /welcome first and the stored path waits for them.
  const email = newEmail('returning');
  await page.goto('/sweepstakes');
  await expect(page).toHaveURL(/\/$/);
  expect(await storedRedirect(page)).toBe('/sweepstakes');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await storedRedirect(page)).toBe('/sweepstakes');
  await submitWelcome(page);
  await expect(page).toHaveURL(/\/sweepstakes$/);
  expect(await storedRedirect(page)).toBeNull();
  // Used once: the next visit to / is not sent there again.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
});

test('a stored /dashboard is cleared, not used, after sign-in', async ({ page }) => {
  const email = newEmail('dash');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  expect(await storedRedirect(page)).toBe('/dashboard');
  await signIn(page, email);
  // verify-email goes to /dashboard; the stored value is only cleared, and the new-member rule sends on to /welcome.
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await storedRedirect(page)).toBeNull();
});

test('a signed-in member on an open route goes to /, which shows their dashboard', async ({ page }) => {
  await signIn(page, newEmail('open'));
  await completeWelcome(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille');
  await expect(page.getByRole('navigation')).toBeVisible();
});

test('choosing a public challenge remembers it, and signing in lands on it', async ({ page }) => {
  const email = newEmail('cta');
  await page.goto('/');
  const first = page.getByRole('list', { name: 'Challenges' }).getByRole('listitem').first();
  const title = await first.getByRole('heading').innerText();
  await first.getByRole('button', { name: 'Sign in to play' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedRedirect(page)).toMatch(/^\/challenges\/[a-z]+\/[\w-]+$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/welcome$/);
  await submitWelcome(page);
  await expect(page).toHaveURL(/\/challenges\/[a-z]+\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
});
