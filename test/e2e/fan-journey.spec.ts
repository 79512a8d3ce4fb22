/**
 * A fan's first journey end to end in Debian's Chromium against the real server (fresh in-memory PGlite):
 * sign-in with the code from the server log, onboarding, check-in, a poll, a trivia quiz, the ledger,
 * the post-login redirect memory, onboarding done elsewhere, the 404 page and the French locale.
 */
import type { Page } from '@playwright/test';
import { apiGet, apiHeaders, expect, newFanEmail, sessionTokenOf, signInThroughUi, test } from './fixtures';
import { persistedCache } from './offline-helpers';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface Tx {
  amount: number;
  reason: string;
  reference: string;
}
interface Me {
  points: number;
  lifetimePoints: number;
  rank: string;
  isNewUser: boolean;
}

/** Completes /welcome with a first name and a unique username; ends on /dashboard. */
async function completeWelcome(page: Page, firstName = 'Léa'): Promise<void> {
  await page.waitForURL(/\/welcome/);
  await page.getByLabel(/first name|prénom/i).fill(firstName);
  await page.getByLabel(/username|pseudo|nom d'utilisateur/i).fill(`fan${Date.now() % 1_000_000}`);
  await page.getByRole('button', { name: /let's go|c'est parti/i }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Signs a brand-new fan in through the UI and completes onboarding. Returns the fan's bearer token. */
async function newOnboardedFan(page: Page): Promise<string> {
  await page.goto('/login');
  await signInThroughUi(page, newFanEmail());
  await completeWelcome(page);
  return sessionTokenOf(page);
}

test('a new fan signs in with the e-mailed code, completes onboarding and lands on the dashboard', async ({ page, request }) => {
  await page.goto('/');
  await page
    .getByRole('link', { name: /sign in/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  const email = newFanEmail('newfan');
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/welcome/);
  await completeWelcome(page, 'Camille');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille');
  const me = await apiGet<Me>(request, await sessionTokenOf(page), '/user/me');
  expect(me.isNewUser).toBe(false);
  expect(me.rank).toBe('P10');
});

test('a wrong sign-in code is refused with an inline message and the fan stays on the code screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(newFanEmail('wrong'));
  await page.getByRole('button', { name: /send my code/i }).click();
  await page.waitForURL(/\/login\/verify-email/);
  await page.getByLabel(/code/i).fill('000000');
  await page.keyboard.press('Enter');
  const codeField = page.getByLabel(/code/i);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(/wrong|expired/i);
  await expect(page).toHaveURL(/\/login\/verify-email/);
});

test('a fan checks in once: points and streak change, survive a reload, and the ledger has one check-in row', async ({ page, request }) => {
  const token = await newOnboardedFan(page);
  const checkIn = page.getByRole('button', { name: /check in/i });
  await expect(checkIn).toBeEnabled();
  await checkIn.click();
  await expect(page.getByRole('button', { name: /check in/i })).toHaveCount(0);
  await expect.poll(async () => (await apiGet<Me>(request, token, '/user/me')).points).toBe(10);
  await page.reload();
  const pointsCard = page.getByRole('region', { name: /points and rank/i });
  await expect(pointsCard).toContainText('10');
  await expect(page.getByRole('button', { name: /check in/i })).toHaveCount(0);
  const checkin = await apiGet<{ days: number; eligibleForCheckin: boolean }>(request, token, '/checkin');
  expect(checkin).toMatchObject({ days: 1, eligibleForCheckin: false });
  const ledger = await apiGet<Tx[]>(request, token, '/user/me/transactions');
  expect(ledger.filter((t) => t.reason === 'checkin')).toHaveLength(1);
});

test('a fan answers a poll and a whole trivia quiz; every award is in the server ledger', async ({ page, request }) => {
  const token = await newOnboardedFan(page);

  await page.goto('/challenges/poll');
  await page
    .getByRole('link', { name: /driver of the day/i })
    .first()
    .click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: /vote|submit|send|answer/i }).click();
  await expect(page.getByRole('status').filter({ hasText: /point/i }).first()).toBeVisible();

  await page.goto('/challenges/trivia');
  await page
    .getByRole('link', { name: /tech talk/i })
    .first()
    .click();
  for (let question = 1; question <= 4; question++) {
    await expect(page.getByText(new RegExp(`question ${question} of 4`, 'i'))).toBeVisible();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: /check my answer/i }).click();
    const next = page.getByRole('button', { name: /next question|see my score|finish|results/i });
    if (question < 4 || (await next.count()) > 0) await next.click();
  }
  await expect(page.getByText(/score|points/i).first()).toBeVisible();

  const ledger = await apiGet<Tx[]>(request, token, '/user/me/transactions');
  expect(ledger.filter((t) => t.reason === 'challenge')).toHaveLength(1);
  const me = await apiGet<Me>(request, token, '/user/me');
  const earned = ledger.reduce((sum, t) => sum + t.amount, 0);
  expect(me.points).toBe(earned);
  expect(me.points).toBeGreaterThan(0);
  const quiz = await apiGet<Array<{ title: string; completed: boolean }>>(request, token, '/challenge');
  expect(quiz.find((c) => /tech talk/i.test(c.title))?.completed).toBe(true);
});

test('a wrong keyword can be tried again; the right one, typed loosely, earns the points once', async ({ page, request }) => {
  const token = await newOnboardedFan(page);
  await page.goto('/challenges/keyword');
  await page
    .getByRole('link', { name: /fan-zone treasure hunt/i })
    .first()
    .click();
  const field = page.getByLabel(/your keyword/i);
  await expect(field).toHaveAccessibleDescription(/try again/i);
  await field.fill('Victory Lap');
  await page.getByRole('button', { name: /submit|send|check/i }).click();
  await expect(page.getByText(/try again/i).first()).toBeVisible();
  expect((await apiGet<Me>(request, token, '/user/me')).points).toBe(0);
  await field.fill('  podium   POWER ');
  await page.getByRole('button', { name: /submit|send|check/i }).click();
  await expect.poll(async () => (await apiGet<Me>(request, token, '/user/me')).points).toBe(40);
  const ledger = await apiGet<Tx[]>(request, token, '/user/me/transactions');
  expect(ledger.filter((t) => t.reason === 'challenge')).toHaveLength(1);
});

test('a signed-out visit to /challenges/poll is remembered and restored once after sign-in and onboarding', async ({ page }) => {
  const email = newFanEmail('redirect');
  await page.goto('/challenges/poll');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await signInThroughUi(page, email);
  // A new fan picks a name first; the remembered page waits for them.
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByLabel(/first name|prénom/i).fill('Léa');
  await page.getByLabel(/username|pseudo|nom d'utilisateur/i).fill(`fan${Date.now() % 1_000_000}`);
  await page.getByRole('button', { name: /let's go|c'est parti/i }).click();
  await expect(page).toHaveURL(/\/challenges\/poll$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/polls/i);
  expect(await page.evaluate(() => localStorage.getItem('podium.session.postLoginRedirectPath'))).toBeNull();
});

test('a fan who finished onboarding elsewhere is not sent back to /welcome by the profile cached on this device', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await signInThroughUi(page, newFanEmail('elsewhere'));
  await page.waitForURL(/\/welcome/);
  // This device has saved the not-yet-onboarded profile in its persisted cache.
  await expect.poll(async () => (await persistedCache(page))?.queries ?? []).toContain('["user","me"]');
  const token = await sessionTokenOf(page);
  // Onboarding completed on another device (or by this one just before the app was closed).
  const patched = await request.patch('/api/user/me', {
    headers: { ...(await apiHeaders(request, token)), 'idempotency-key': crypto.randomUUID() },
    data: { firstName: 'Noor', username: `fan${Date.now() % 1_000_000}` },
  });
  expect(patched.ok()).toBeTruthy();
  expect((await apiGet<Me>(request, token, '/user/me')).isNewUser).toBe(false);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Daily check-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the 404 error page, and "Go back home" goes to /', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  await expect(page.getByText(/sorry, this page cannot be found/i)).toBeVisible();
  await page
    .getByRole('link', { name: /go back home/i })
    .or(page.getByRole('button', { name: /go back home/i }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });
  test('the dashboard renders in French', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: /connexion|se connecter/i })).toBeVisible();
    await signInThroughUi(page, newFanEmail('fr'));
    await completeWelcome(page, 'Zoé');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Zoé');
    await expect(page.getByRole('heading', { name: 'Présence du jour' })).toBeVisible();
    await expect(page.getByText('Défis à relever').or(page.getByText(/défis/i)).first()).toBeVisible();
    await expect(page.getByRole('navigation').getByText(/accueil/i)).toBeVisible();
  });
});
