/**
 * Sign-in that a stranger cannot block, in the app: a code spent by someone else's wrong guesses is
 * explained on the sign-in screen, and the fresh code the fan asks for signs them in.
 */
import { E2E_SIGNIN_COOLDOWN_SECONDS } from '../../playwright.config';
import { apiHeaders, expect, newFanEmail, readSignInCode, serverLogSize, test } from './fixtures';

test("after a stranger's wrong codes the screen says the code is used up, and a new code signs the fan in", async ({ page, request }) => {
  const email = newFanEmail('used-up');
  // The screen's resend countdown runs on the page's clock, which the test moves on instead of waiting 30 s.
  await page.clock.install();
  await page.goto('/login');
  const mark = await serverLogSize();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/e-?mail/i).press('Enter');
  await page.waitForURL(/\/login\/verify-email/);
  const held = await readSignInCode(email, mark);
  const heldAt = Date.now();

  // Someone else tries ten wrong codes for this e-mail: the held code has had its 5 tries, the e-mail is not locked.
  const headers = await apiHeaders(request);
  for (let i = 1; i <= 10; i++) {
    const guess = String((Number(held) + i) % 1_000_000).padStart(6, '0');
    expect((await request.post('/api/session', { data: { email, code: guess }, headers })).status()).toBe(401);
  }

  await page.getByLabel(/code/i).fill(held);
  await expect(page.getByText(/can't be used any more.*ask for a new code/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login\/verify-email/);

  // The resend button opens after the screen's 30 s countdown: one second of the page's clock per poll, as each tick
  // schedules the next only once React has rendered it (a single 30 s jump would fire one tick).
  const resend = page.getByRole('button', { name: /resend code/i });
  await expect(resend).toBeDisabled();
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return resend.isEnabled();
      },
      { intervals: [50], timeout: 40_000 },
    )
    .toBe(true);
  await expect(resend).toBeEnabled();
  // The page's clock ran ahead of the server's: the server still refuses a second code within its real cooldown.
  await expect.poll(() => Date.now() - heldAt, { intervals: [100] }).toBeGreaterThan(E2E_SIGNIN_COOLDOWN_SECONDS * 1000);
  const again = await serverLogSize();
  await resend.click();
  const fresh = await readSignInCode(email, again);
  await page.getByLabel(/code/i).fill(fresh);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});
