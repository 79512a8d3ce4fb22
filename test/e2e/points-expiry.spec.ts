/**
 * Points that expire end to end, in Debian's Chromium against the real server and the built PWA: the
 * operator sets "points expire after 30 days" in the console's organization settings; a fan who checked in today
 * sees on the dashboard's points card and in the points history how many points expire next and on which day
 * (today + 30 in the club's time zone), in English and in French. The setting is emptied again afterwards.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { User } from '../../src/contracts/user';
import { addDays, dayInZone } from '../../src/rules/calendar';
import { apiGet, apiHeaders, apiSignIn, expect as baseExpect, newFanEmail, test } from './fixtures';

/** Conditions waited on here get 30 s: the suite shares a small machine, and a cold console chunk can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });
const OPERATOR = 'ops@alpine-racing.example';
const DESKTOP = { width: 1280, height: 900 };
let operatorToken: string | undefined;

/** A page of `browser` holding `token` where the app keeps its session. */
async function pageWith(browser: Browser, token: string, viewport = { width: 390, height: 844 }, locale = 'en-GB'): Promise<Page> {
  const page = await (await browser.newContext({ viewport, locale })).newPage();
  await page.goto('/config.json');
  await page.evaluate((t) => localStorage.setItem('podium.session.token', t), token);
  return page;
}

/** Sets the organization's expiry through the admin API (for the clean-up). */
async function setExpiry(request: APIRequestContext, days: number | null) {
  operatorToken ??= await apiSignIn(request, OPERATOR);
  const res = await request.patch('/api/admin/organization', {
    headers: await apiHeaders(request, operatorToken),
    data: { pointsExpireAfterDays: days },
  });
  expect(res.ok()).toBeTruthy();
}

test.afterAll(async ({ request }) => setExpiry(request, null));

test('a fan sees how many points expire next, and when, on the points card and in the history', async ({ browser, request }) => {
  operatorToken ??= await apiSignIn(request, OPERATOR);
  const ops = await pageWith(browser, operatorToken, DESKTOP);
  await ops.goto('/admin/organization');
  const field = ops.getByLabel('Points expire after (days; empty = never)');
  await expect(field).toHaveValue('');
  await field.fill('30');
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByRole('heading', { level: 1 })).toBeFocused();

  const fanToken = await apiSignIn(request, newFanEmail('expiry'));
  const headers = { ...(await apiHeaders(request, fanToken)), 'content-type': 'application/json' };
  const onboard = await request.patch('/api/user/me', {
    headers,
    data: { firstName: 'Alex', username: `expiry_${randomUUID().slice(0, 8)}` },
  });
  expect(onboard.ok()).toBeTruthy();
  expect((await request.post('/api/checkin', { headers, data: {} })).ok()).toBeTruthy();
  const me = await apiGet<User>(request, fanToken, '/user/me');
  const on = addDays(dayInZone(new Date(), 'Europe/Paris'), 30);
  expect(me.nextExpiry).toEqual({ points: me.points, on });
  const date = new Date(`${on}T00:00:00Z`);
  const year = date.getUTCFullYear() !== new Date().getUTCFullYear() ? ('numeric' as const) : undefined;
  const day = (language: string) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year, timeZone: 'UTC' }).format(date);

  const fan = await pageWith(browser, fanToken);
  await fan.goto('/dashboard');
  const card = fan.getByRole('region', { name: /points and rank/i });
  await expect(card.getByText(`${me.points} points expire on ${day('en')}`)).toBeVisible();
  await fan.goto('/history');
  await expect(fan.getByText(`${me.points} points expire on ${day('en')}`)).toBeVisible();

  const fr = await pageWith(browser, fanToken, undefined, 'fr-FR');
  await fr.goto('/history');
  await expect(fr.getByText(`${me.points} points expirent le ${day('fr')}`)).toBeVisible();
});
