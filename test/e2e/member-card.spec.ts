/**
 * The member card end to end in Debian's Chromium against the real server and the built PWA:
 * - a fan opens their card from the profile on a phone: the club's name, their name, member number, rank and
 *   member-since date, the QR code and the short code under it; the operator types that short code in the console's
 *   "Verify a member card" page and reads "Valid card" with the fan's name and number;
 * - the console's camera reads the card's QR code (Chromium's fake camera plays a Y4M video of it, written from the
 *   `qrcode` library's matrix as in the venue spec; Chromium on Linux has no `BarcodeDetector`, so this is the
 *   lazily loaded `jsqr` path) and says the card is valid;
 * - a suspended fan's card shows "Suspended member"; a code of ten steps ago (typed as a hardware scanner types a QR
 *   code's text) shows "Expired code".
 * - with no signal, the card opens again after a reload (service worker, persisted pass) and shows a code the
 *   server then accepts as valid.
 * The QR texts are derived from the fan's pass (`GET /api/user/me/pass`) with the app's own rule functions.
 */
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chromiumArgs } from '../../playwright.config';
import { qrVideo } from './fake-camera';
import type { MemberPass } from '../../src/contracts/member-pass';
import { memberPassQrText, memberPassStep, memberPassToken } from '../../src/rules/member-pass';
import { apiGet, apiHeaders, apiSignIn, expect as baseExpect, newFanEmail, test } from './fixtures';
import { waitForPersistedQueries, waitForServiceWorker } from './offline-helpers';
import { goOffline, goOnline, test as offlineTest } from './offline-network';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Conditions waited on here get 30 s: the suite shares a small machine, and a cold console chunk can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });
const OPERATOR = 'ops@alpine-racing.example';
const DESKTOP = { width: 1280, height: 900 };
/** The operator's session, made once for the file (sign-in codes are rate-limited per address). */
let operatorToken: string | undefined;

/** A desktop page of `browser` signed in as the operator (the session token put where the app keeps it). */
async function operatorPage(browser: Browser, request: APIRequestContext, options: BrowserContextOptions = {}): Promise<Page> {
  const token = (operatorToken ??= await apiSignIn(request, OPERATOR));
  const page = await (await browser.newContext({ viewport: DESKTOP, ...options })).newPage();
  await page.goto('/config.json');
  await page.evaluate((t) => localStorage.setItem('podium.session.token', t), token);
  return page;
}

/** A phone page of `browser` signed in as a new fan named Alex (signed in through the API); returns it and the token. */
async function fanPage(browser: Browser, request: APIRequestContext, prefix: string): Promise<{ fan: Page; fanToken: string }> {
  const fanToken = await apiSignIn(request, newFanEmail(prefix));
  const onboard = await request.patch('/api/user/me', {
    headers: await apiHeaders(request, fanToken),
    data: { firstName: 'Alex', username: `${prefix}_${randomUUID().slice(0, 8)}` },
  });
  expect(onboard.ok()).toBeTruthy();
  const fan = await (await browser.newContext()).newPage();
  await fan.goto('/config.json');
  await fan.evaluate((t) => localStorage.setItem('podium.session.token', t), fanToken);
  return { fan, fanToken };
}

/** The QR text the fan's card shows at `stepsAgo` steps before now, from their pass. */
async function qrTextOf(request: APIRequestContext, fanToken: string, stepsAgo = 0): Promise<string> {
  const pass = await apiGet<MemberPass>(request, fanToken, '/user/me/pass');
  const step = memberPassStep(new Date()) - stepsAgo;
  return memberPassQrText(pass.memberNumber, step, await memberPassToken(pass.secret, pass.memberNumber, step));
}

/** The fan's card, opened from the profile; returns the short code it shows and the member number. */
async function openCard(fan: Page) {
  await fan.goto('/profile');
  await fan.getByRole('link', { name: 'Member card' }).click();
  await expect(fan.getByRole('heading', { level: 1, name: 'Member card' })).toBeVisible();
  const number = (await fan.getByTestId('member-number').textContent()) ?? '';
  expect(number).toMatch(/^\d{6,}$/);
  await expect(fan.getByRole('img', { name: `QR code of member card ${number}` })).toBeVisible();
  const code = (await fan.getByTestId('member-card-code').textContent()) ?? '';
  expect(code).toMatch(new RegExp(`^${number}-\\d{6}$`));
  return { number, code };
}

/** The console's card check page, reached from the console's menu. */
async function cardCheck(operator: Page) {
  await operator.goto('/admin');
  await operator.getByRole('navigation').getByRole('link', { name: 'Member cards' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Verify a member card' })).toBeVisible();
}

async function typeCode(operator: Page, code: string) {
  await operator.getByLabel('Card code').fill(code);
  await operator.getByRole('button', { name: 'Verify', exact: true }).click();
}

test('a fan shows the card on the phone; the operator verifies its typed code and then its QR code by camera', async ({
  browser,
  playwright,
  request,
}) => {
  test.setTimeout(300_000);
  const { fan, fanToken } = await fanPage(browser, request, 'card');
  const { number } = await openCard(fan);
  const card = fan.getByRole('region', { name: 'Alpine Racing' });
  await expect(card.getByText('Alex', { exact: true })).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: /^P10 · / })).toBeVisible();
  const since = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date());
  await expect(card.getByRole('definition').filter({ hasText: since })).toBeVisible();
  await expect(fan.getByText(/New code in \d+ seconds?/)).toBeVisible();

  const operator = await operatorPage(browser, request);
  await cardCheck(operator);
  // The code on the fan's screen now (it rotates every 30 s; one step either side is accepted).
  await typeCode(operator, (await fan.getByTestId('member-card-code').textContent()) ?? '');
  const verdict = operator.getByRole('status');
  await expect(verdict.getByRole('heading', { name: 'Valid card' })).toBeVisible();
  await expect(verdict.getByRole('definition').filter({ hasText: 'Alex' })).toBeVisible();
  await expect(verdict.getByRole('definition').filter({ hasText: number })).toBeVisible();

  // The camera: a second Chromium whose fake camera shows the card's current QR code.
  const { baseURL, launchOptions } = test.info().project.use;
  const video = await qrVideo(await qrTextOf(fan.request, fanToken), 'card');
  const camera = await playwright.chromium.launch({
    executablePath: launchOptions?.executablePath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const scanner = await operatorPage(camera, request, { baseURL, permissions: ['camera'] });
    await cardCheck(scanner);
    await scanner.getByRole('button', { name: 'Open the camera' }).click();
    await expect(scanner.getByRole('status').getByRole('heading', { name: 'Valid card' })).toBeVisible({ timeout: 15_000 });
    await expect(scanner.getByRole('status').getByRole('definition').filter({ hasText: number })).toBeVisible();
  } finally {
    await camera.close();
    await rm(video, { force: true });
  }
});

test("a suspended member's card shows suspended, and a code of five minutes ago shows expired", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { fan, fanToken } = await fanPage(browser, request, 'cardold');
  const { userId } = await apiGet<{ userId: string }>(fan.request, fanToken, '/user/me');
  const { code } = await openCard(fan);
  const old = await qrTextOf(fan.request, fanToken, 10);

  const operator = await operatorPage(browser, request);
  await cardCheck(operator);
  // An old code: a hardware scanner types the QR code's text into the field.
  await typeCode(operator, old);
  await expect(operator.getByRole('status').getByRole('heading', { name: 'Expired code' })).toBeVisible();
  await expect(operator.getByRole('status').filter({ hasText: 'Expired code' })).toContainText('it is old (a screenshot or a photo)');

  const suspended = await request.post(`/api/admin/members/${userId}/suspension`, {
    headers: await apiHeaders(request, operatorToken),
    data: { reason: 'Ticket resale' },
  });
  expect(suspended.status()).toBe(200);
  await typeCode(operator, code);
  await expect(operator.getByRole('status').getByRole('heading', { name: 'Suspended member' })).toBeVisible();
  await expect(operator.getByRole('status').filter({ hasText: 'Suspended member' })).toContainText('suspended until an operator lifts it');
});

offlineTest('with no signal the card still opens, and the code it derives on the phone is valid', async ({ page, context, request }) => {
  offlineTest.setTimeout(150_000);
  const fanToken = await apiSignIn(request, newFanEmail('cardoff'));
  await page.goto('/config.json');
  await page.evaluate((t) => localStorage.setItem('podium.session.token', t), fanToken);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);
  await page.goto('/card');
  await expect(page.getByTestId('member-card-code')).toHaveText(/^\d{6,}-\d{6}$/);
  await waitForPersistedQueries(page, ['["member-card","pass"]']);

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Member card' })).toBeVisible();
  const code = page.getByTestId('member-card-code');
  await expect(code).toHaveText(/^\d{6,}-\d{6}$/);
  await expect(page.getByRole('img', { name: /^QR code of member card \d{6,}$/ })).toBeVisible();
  const shown = (await code.textContent()) ?? '';
  // The API client of the test is not the phone: it still reaches the server.
  const token = (operatorToken ??= await apiSignIn(request, OPERATOR));
  const res = await request.post('/api/admin/passes/verify', { headers: await apiHeaders(request, token), data: { code: shown } });
  expect(res.status()).toBe(200);
  expect((await res.json()).data.status).toBe('valid');
  await goOnline(context);
});
