/**
 * Fatal and unhandled app errors (spec §2 "Error page", §8) in Chromium: an exception nobody caught (window
 * `error`) or a rejected promise nobody awaited (`unhandledrejection`) replaces the app with the error page and
 * its status code, not only a telemetry span; "Go back home" reloads the app at '/'. API errors stay quiet.
 */
import { expect, test } from './fixtures';
import { signInToDashboard } from './offline-helpers';

const errorHeading = (status: number) => ({ name: `Error ${status}: Sorry, this page cannot be found` });

test.beforeEach(async ({ page }) => {
  await signInToDashboard(page, 'fatal');
});

test('an uncaught exception shows the error page with 500, and "Go back home" reloads the app', async ({ page }) => {
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('a click handler exploded');
    }, 0);
  });
  await expect(page.getByRole('heading', errorHeading(500))).toBeVisible();
  await expect(page.getByText('500', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Check in/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page.getByRole('button', { name: /^Check in/ })).toBeVisible();
});

test("an unhandled rejection shows the error page with the error's own status code", async ({ page }) => {
  await page.evaluate(() => {
    void Promise.reject(Object.assign(new Error('service went away'), { status: 503 }));
  });
  await expect(page.getByRole('heading', errorHeading(503))).toBeVisible();
});

test('an unhandled rejection without a status shows 500', async ({ page }) => {
  await page.evaluate(() => {
    void Promise.reject(new TypeError('undefined is not a function'));
  });
  await expect(page.getByRole('heading', errorHeading(500))).toBeVisible();
});

test('an error raised while the app renders its first screen is not lost', async ({ page }) => {
  // Thrown as soon as the app's first screen starts to appear in the document after a reload.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('main')) return;
      observer.disconnect();
      throw new Error('exploded during the first render');
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', errorHeading(500))).toBeVisible();
});
