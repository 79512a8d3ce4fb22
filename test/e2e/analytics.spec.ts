/**
 * PostHog analytics end to end (spec §2, §5, §7) against the local capture endpoint: one `$pageview` per
 * route change, identify on sign-in with the internal flag, reset on logout, navigation errors with the path, nothing
 * automatic on localhost, and nothing at all when no key is configured.
 */
import { expect, test } from './fixtures';
import { ANALYTICS_KEY, HOSTED_URL, LOGGED_OFF_URL } from '../../playwright.integrations.config';
import { APP_SETTLED_MARK } from '../../src/platform/after-first-render';
import { optionalChunksOfBuild } from './optional-chunk-files';
import { captureRequests, capturedEvents, completeWelcome, newEmail, signInWithSupabase } from './supabase-fixtures';

test.use({ baseURL: HOSTED_URL });

const paths = (events: { event: string; properties: Record<string, unknown> }[]) =>
  events.filter((e) => e.event === '$pageview').map((e) => new URL(String(e.properties.$current_url)).pathname);

test('one page view per route change, identify with internal: true on sign-in, reset on logout', async ({ page, request }) => {
  const since = Date.now();
  await page.goto('/');
  await page.getByRole('link', { name: /sign in with e-mail/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => paths(await capturedEvents(request, since)), { timeout: 20_000 }).toEqual(['/', '/login']);
  const anonymous = (await capturedEvents(request, since))[0];
  expect(anonymous.properties.token).toBe(ANALYTICS_KEY);

  const email = newEmail('staff', 'alpine-racing.example');
  await signInWithSupabase(page, email);
  await completeWelcome(page);
  await page
    .getByRole('link', { name: /challenges/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/challenges$/);

  const me = await page.evaluate(async () => {
    const config = await (await fetch('/config.json')).json();
    const organization = await (
      await fetch('/api/organization/current', { headers: { authorization: `Bearer ${config.organizationKey}` } })
    ).json();
    const res = await fetch('/api/user/me', {
      headers: { authorization: `Bearer ${localStorage.getItem('podium.session.token')}`, 'x-org-token': organization.data.token },
    });
    return (await res.json()).data as { userId: string };
  });
  await expect
    .poll(async () => (await capturedEvents(request, since)).filter((e) => e.event === '$identify').map((e) => e.distinct_id), {
      timeout: 20_000,
    })
    .toEqual([me.userId]);
  const identify = (await capturedEvents(request, since)).find((e) => e.event === '$identify')!;
  expect(identify.$set ?? identify.properties.$set).toMatchObject({ internal: true, rank: 'P10' });
  expect(JSON.stringify(identify)).not.toContain(email);
  // /login, /login/verify-email, /welcome, /dashboard, /challenges after the first two.
  await expect
    .poll(async () => paths(await capturedEvents(request, since)), { timeout: 20_000 })
    .toEqual(['/', '/login', '/login/verify-email', '/welcome', '/dashboard', '/challenges']);
  const challengesView = (await capturedEvents(request, since)).filter((e) => e.event === '$pageview').at(-1)!;
  expect(challengesView.distinct_id).toBe(me.userId);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: /sign in with e-mail/i }).click();
  await expect
    .poll(async () => (await capturedEvents(request, since)).filter((e) => e.event === '$pageview').at(-1)?.properties.$current_url, {
      timeout: 20_000,
    })
    .toMatch(/\/login$/);
  const afterLogout = (await capturedEvents(request, since)).filter((e) => e.event === '$pageview').at(-1)!;
  expect(afterLogout.distinct_id).not.toBe(me.userId);

  // On 127.0.0.1: no autocapture, no recording, no heatmaps.
  const all = await capturedEvents(request, since);
  expect(all.filter((e) => ['$autocapture', '$snapshot', '$$heatmap', '$dead_click', '$rageclick'].includes(e.event))).toEqual([]);
  expect((await captureRequests(request, since)).filter((r) => r.path.startsWith('/s'))).toEqual([]);
});

test('a fan outside the internal domains is identified with internal: false', async ({ page, request }) => {
  const since = Date.now();
  await signInWithSupabase(page, newEmail('fan'));
  await expect
    .poll(async () => (await capturedEvents(request, since)).find((e) => e.event === '$identify')?.$set, { timeout: 20_000 })
    .toMatchObject({ internal: false });
});

test('a navigation error is reported with the current path', async ({ page, request }) => {
  const since = Date.now();
  await page.goto('/no-such-page?from=test');
  await expect(page.getByText(/page not found/i).first()).toBeVisible();
  await expect
    .poll(async () => (await capturedEvents(request, since)).find((e) => e.event === 'navigation_error')?.properties, { timeout: 20_000 })
    .toMatchObject({ path: '/no-such-page?from=test', status: 404 });
});

test.describe('without an analytics key', () => {
  test.use({ baseURL: LOGGED_OFF_URL });

  test('nothing is sent', async ({ page, request }) => {
    const config = await (await request.get('/config.json')).json();
    expect(config.analytics.key).toBeNull();
    const since = Date.now();
    // posthog-js is a chunk named after a module (`module-*.js`): found by its source map, not its name.
    const posthogChunks = (await optionalChunksOfBuild(process.env.STATIC_DIR ?? 'dist'))
      .filter((c) => c.packageName === 'posthog-js')
      .map((c) => c.path);
    expect(posthogChunks).toHaveLength(1);
    const posthogScripts: string[] = [];
    page.on('request', (req) => {
      if (/posthog/i.test(req.url()) || posthogChunks.includes(new URL(req.url()).pathname)) posthogScripts.push(req.url());
    });
    await page.goto('/');
    await page
      .getByRole('link', { name: /sign in with e-mail/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no-such-page');
    await expect(page.getByText(/page not found/i).first()).toBeVisible();
    // The app marks the moment analytics, when configured, has started loading: past it, PostHog would show.
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_SETTLED_MARK, { timeout: 20_000 });
    expect(await captureRequests(request, since)).toEqual([]);
    expect(posthogScripts).toEqual([]);
  });
});
