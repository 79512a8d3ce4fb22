/**
 * A first visit's early requests (decision 0107; scripts/lib/early-requests.ts), in Debian's Chromium against the
 * real server and the built PWA: with no service worker yet, the sign-in page's strings and route chunks are asked
 * for by index.html's inline script, beside the framework instead of after it, the organization once (the boot takes
 * the page's answer), and the shell's CSP lets that script run; once the worker controls the page, a reload adds no
 * preload links (its files come from the precache).
 */
import { expect, test } from '@playwright/test';
import { waitForServiceWorker } from './offline-helpers';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Paths of the first-visit script's preload links (its own mark: Vite's loader adds preload links of its own). */
const firstScreenPreloads = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-first-visit]')].map((link) => new URL(link.href).pathname);

test('a first visit asks for its strings and the sign-in chunks with the framework; a returning one leaves them to the worker', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(firstScreenPreloads)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/assets\/locale-en-/), expect.stringMatching(/^\/assets\/open-login-/)]),
  );
  // Requested while the framework was still downloading, not once it had run.
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const find = (pattern: RegExp) => entries.find((entry) => pattern.test(new URL(entry.name).pathname));
    const framework = find(/^\/assets\/framework-/);
    return {
      locale: find(/^\/assets\/locale-en-/)?.startTime,
      login: find(/^\/assets\/open-login-/)?.startTime,
      frameworkEnd: framework?.responseEnd,
    };
  });
  expect(timing.frameworkEnd).toBeGreaterThan(0);
  expect(timing.locale).toBeLessThan(timing.frameworkEnd!);
  expect(timing.login).toBeLessThan(timing.frameworkEnd!);
  // The organization, asked for by the page itself once the config arrived, is asked for once: the boot takes that
  // answer.
  const organizationRequests = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/organization/current').length,
  );
  expect(organizationRequests).toBe(1);
  // A CSP without the script's hash would have refused it, with an error in the console.
  expect(errors).toEqual([]);

  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(firstScreenPreloads)).toEqual([]);
});
