/**
 * Activation pages and user identification in Chromium against the real server (spec §2, §3, §7):
 * - an activation card on /contests opens `/activations/{id}`, which reads `GET /activations/{id}` and shows the
 *   window and the badges it gives; "I'm here — collect" works from the keyboard and awards the points once;
 * - `POST /user/me/identify {email}` is sent once per signed-in session, not once per navigation.
 */
import type { Page, Request } from '@playwright/test';
import { apiGet, expect, test } from './fixtures';
import { signInToDashboard } from './offline-helpers';

/** Collects the identify calls the page makes. */
function watchIdentify(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/me/identify') calls.push(request);
  });
  return calls;
}

test('the activation card opens its page, which shows the window and badges and collects them once, by keyboard', async ({ page }) => {
  const token = await signInToDashboard(page, 'activation');
  const before = await apiGet<{ points: number }>(page.request, token, '/user/me');

  await page.goto('/contests');
  const detailCall = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/activations/factory-open-day');
  const link = page.getByRole('link', { name: 'Factory open day' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activations\/factory-open-day$/);
  expect((await detailCall).status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1, name: 'Factory open day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'When' })).toBeVisible();
  await expect(page.getByText(/ – /).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you collect' })).toBeVisible();
  const badges = (await apiGet<Array<{ badges: Array<{ name: string }> }>>(page.request, token, '/activations/factory-open-day'))[0].badges;
  expect(badges).toHaveLength(2);
  for (const badge of badges) await expect(page.getByText(`Badge: ${badge.name}`)).toBeVisible();

  const collect = page.getByRole('button', { name: 'I’m here — collect' });
  await collect.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Collected! +75 points')).toBeVisible();
  await expect.poll(async () => (await apiGet<{ points: number }>(page.request, token, '/user/me')).points).toBe(before.points + 75);

  // A second tap answers "already collected" and awards nothing more.
  await collect.click();
  await expect(page.getByText('You already collected this one')).toBeVisible();
  expect((await apiGet<{ points: number }>(page.request, token, '/user/me')).points).toBe(before.points + 75);
});

test('an unknown activation shows "Event not found" with a way back', async ({ page }) => {
  await signInToDashboard(page, 'activation404');
  await page.goto('/activations/no-such-event');
  await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to contests' }).click();
  await expect(page).toHaveURL(/\/contests$/);
});

test('the activation page is translated (fr)', async ({ page, browser }) => {
  const token = await signInToDashboard(page, 'activationfr');
  const context = await browser.newContext({ locale: 'fr-FR' });
  const fr = await context.newPage();
  await fr.goto('/login');
  await fr.evaluate((t) => localStorage.setItem('podium.session.token', t), token);
  await fr.goto('/activations/monza-fan-zone');
  await expect(fr.getByRole('heading', { level: 1, name: 'Fan zone de Monza' })).toBeVisible();
  await expect(fr.getByRole('heading', { name: 'Quand' })).toBeVisible();
  await expect(fr.getByRole('button', { name: 'J’y suis — récupérer' })).toBeVisible();
  await context.close();
});

test('a signed-in session identifies the member once (POST /user/me/identify {email}), not on every navigation', async ({ page }) => {
  const calls = watchIdentify(page);
  const token = await signInToDashboard(page, 'identify');
  const me = await apiGet<{ email: string }>(page.request, token, '/user/me');
  await expect.poll(() => calls.length).toBe(1);
  expect(calls[0].postDataJSON()).toEqual({ email: me.email });
  expect((await calls[0].response())?.status()).toBe(200);

  for (const tab of ['Challenges', 'Media', 'Sweepstakes', 'Profile', 'Home']) {
    await page.getByRole('link', { name: tab, exact: true }).click();
    await expect(page.getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await page.goto('/contests');
  await expect(page.getByRole('link', { name: 'Factory open day' })).toBeVisible();
  expect(calls).toHaveLength(1);
});
