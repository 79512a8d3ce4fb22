/**
 * Every toast rule of the spec (§4 Toast, §9 constants) in Chromium, on real toasts of the app (the referral
 * page's "Copy link", an activation's "collect"), with Playwright's clock driving the timers (no sleeps):
 * one visible at a time, closes after 5000 ms, F8 moves focus to the region "Notifications (F8)", Escape closes,
 * hover and keyboard focus pause the timer, swipe right dismisses, the same id updates in place.
 */
import type { Page } from '@playwright/test';
import { FIRST_SCREEN_MAX_WAIT_MS } from '../../src/platform/after-first-render';
import { chromiumArgs, FULL_CHROMIUM } from '../../playwright.config';
import { expect, test } from './fixtures';
import { signInToDashboard } from './offline-helpers';

// A swipe is touch input turned into pointer events, which the full browser does and the headless shell does not
// (decision 0095).
test.use({ launchOptions: { executablePath: FULL_CHROMIUM, args: chromiumArgs } });

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Toasts on screen (a dismissed one plays a short exit animation with `data-removed`). */
const shown = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])');
const copyButton = (page: Page) => page.getByRole('button', { name: /^(Copy link|Copied)$/ });

/**
 * Signs a fan in with the page's clock installed, opens /referral and lets the work deferred after the first
 * screen run (it ends by FIRST_SCREEN_MAX_WAIT_MS), so the toasts are timed on a quiet page.
 */
async function openReferral(page: Page): Promise<void> {
  await page.clock.install();
  await signInToDashboard(page, 'toast');
  await page.goto('/referral');
  await expect(copyButton(page)).toBeVisible();
  await page.clock.runFor(FIRST_SCREEN_MAX_WAIT_MS + 1_000);
}

/** Shows the "Link copied" toast and waits for it. */
async function showToast(page: Page): Promise<void> {
  await copyButton(page).click();
  await expect(shown(page)).toHaveText(/Link copied/);
}

test.beforeEach(async ({ page }) => {
  await openReferral(page);
});

test('only one toast is visible: a new one replaces the older', async ({ page }) => {
  await showToast(page);
  const first = await shown(page).elementHandle();
  await copyButton(page).click();
  await expect(shown(page)).toHaveCount(1);
  // The older toast leaves the page once its exit animation ends.
  await expect.poll(() => first!.evaluate((node) => node.isConnected)).toBe(false);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
});

test('a toast closes by itself after 5000 ms', async ({ page }) => {
  // The clock stands still from before the click, so only the time the test moves counts. It is moved in 10 ms
  // steps until the toast shows: its timer started within the last `shownAfter` ms.
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 2_000));
  await copyButton(page).click();
  let shownAfter = 0;
  await expect
    .poll(async () => {
      await page.clock.runFor(10);
      shownAfter += 10;
      return shown(page).count();
    })
    .toBe(1);
  await page.clock.runFor(4_990 - shownAfter);
  await expect(shown(page)).toHaveCount(1);
  await page.clock.runFor(shownAfter + 20);
  await page.clock.resume();
  await expect(shown(page)).toHaveCount(0);
});

test('F8 moves focus to the region "Notifications (F8)"; focus there pauses the timer; Escape closes', async ({ page }) => {
  await showToast(page);
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  await page.keyboard.press('F8');
  await expect.poll(() => region.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.clock.runFor(20_000);
  await expect(shown(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(shown(page)).toHaveCount(0);
});

test('keyboard focus on the toast (its close button, reached without F8) pauses the timer until it leaves', async ({ page }) => {
  await showToast(page);
  const close = page.getByRole('button', { name: 'Close notification' });
  await close.focus();
  await page.clock.runFor(20_000);
  await expect(shown(page)).toHaveCount(1);
  await copyButton(page).focus();
  await page.clock.runFor(5_100);
  await expect(shown(page)).toHaveCount(0);
});

test('Escape closes the visible toast while focus is elsewhere on the page', async ({ page }) => {
  await showToast(page);
  await expect(copyButton(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(shown(page)).toHaveCount(0);
});

test('hovering the toast pauses its timer; it runs again once the pointer leaves', async ({ page }) => {
  await showToast(page);
  await shown(page).hover();
  await page.clock.runFor(20_000);
  await expect(shown(page)).toHaveCount(1);
  await page.mouse.move(5, 5);
  await page.clock.runFor(5_100);
  await expect(shown(page)).toHaveCount(0);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('swiping the toast right dismisses it', async ({ page }) => {
    await showToast(page);
    const toast = shown(page);
    // Where the finger lands is read once the toast has slid in and is the element a touch there reaches.
    await toast.click({ trial: true });
    const box = (await toast.boundingBox())!;
    const x = Math.round(box.x + 20);
    const y = Math.round(box.y + box.height / 2);
    // A finger, through the DevTools protocol (Playwright's touchscreen only taps).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await expect(toast).toHaveAttribute('data-swiping', 'true');
    // sonner locks the direction on the first move and follows the finger from the next ones.
    for (const dx of [5, 15]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
    await expect(toast).toHaveAttribute('data-swiped', 'true');
    for (let dx = 30; dx <= 120; dx += 15)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(shown(page)).toHaveCount(0);
  });
});

test('a toast with the same id is updated in place (collecting an activation twice)', async ({ page }) => {
  await page.goto('/activations/monza-fan-zone');
  const collect = page.getByRole('button', { name: 'I’m here — collect' });
  await collect.click();
  await expect(shown(page)).toHaveText(/Collected!/);
  const element = await shown(page).elementHandle();
  await collect.click();
  await expect(shown(page)).toHaveText(/You already collected this one/);
  expect(await element!.evaluate((node) => node.isConnected && node.textContent)).toContain('You already collected this one');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
});
