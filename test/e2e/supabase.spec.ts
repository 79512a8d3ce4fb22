/**
 * Supabase sign-in mode end to end: supabase-js in the app against the Supabase Auth stand-in, the access
 * token as the API bearer verified by the real server, the refresh rule of spec §9, local sign-out, and the
 * new-user /welcome guard of spec §2 on both sides of the 150000 ms window (Playwright's clock).
 */
import { apiHeaders, expect, test } from './fixtures';
import { HOSTED_URL, SUPABASE_STAND_IN_URL } from '../../playwright.integrations.config';
import {
  completeWelcome,
  newEmail,
  setAccessTokenTtl,
  supabaseCode,
  signInWithSupabase,
  storedTokens,
  supabaseEvents,
} from './supabase-fixtures';

test.use({ baseURL: HOSTED_URL });
test.afterEach(async ({ request }) => setAccessTokenTtl(request, 3600));

test('a fan signs in with supabase-js, the access token is the API bearer, and signing out is local', async ({ page, request }) => {
  const config = await (await request.get('/config.json')).json();
  expect(config.auth.mode).toBe('supabase');
  const email = newEmail('supa');
  await signInWithSupabase(page, email);
  // A new member: onboarding first.
  await expect(page).toHaveURL(/\/welcome$/);

  const tokens = await storedTokens(page);
  expect(tokens.supabase?.access_token).toBeTruthy();
  expect(tokens.bearer).toBe(tokens.supabase?.access_token);
  const me = await request.get('/api/user/me', { headers: await apiHeaders(request, tokens.bearer) });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.email).toBe(email);

  await completeWelcome(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille');

  const before = (await supabaseEvents(request)).length;
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => storedTokens(page)).toEqual({ supabase: null, bearer: null });
  const logout = (await supabaseEvents(request)).slice(before).filter((e) => e.path === '/auth/v1/logout');
  expect(logout).toHaveLength(1);
  // Signed out: the member pages send the visitor back to the sign-in entry.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('the access token is refreshed when 90 s or less remain (checked every 30 s)', async ({ page, request }) => {
  await setAccessTokenTtl(request, 150);
  await page.clock.install();
  await signInWithSupabase(page, newEmail('refresh'));
  const first = await storedTokens(page);
  const refreshesBefore = (await supabaseEvents(request)).filter((e) => e.grantType === 'refresh_token').length;

  // A 150 s token has more than 90 s left for its first 60 s. The checks run every 30 s from when the client started,
  // not from the sign-in (which a busy machine makes slow), so the test runs the page's clock to 95 s before expiry:
  // at least one check has seen the token by then, and none refreshed it.
  const now = await page.evaluate(() => Date.now());
  await page.clock.runFor(first.supabase!.expires_at * 1000 - 95_000 - now);
  expect((await storedTokens(page)).bearer).toBe(first.bearer);
  // From 90 s before expiry, the next check (at most 30 s later) refreshes it.
  await page.clock.runFor(31_000);
  await expect.poll(async () => (await storedTokens(page)).bearer, { timeout: 10_000 }).not.toBe(first.bearer);
  const refreshEvents = (await supabaseEvents(request)).filter((e) => e.grantType === 'refresh_token');
  const refreshes = refreshEvents.length;
  expect(refreshes).toBe(refreshesBefore + 1);

  const refreshed = await storedTokens(page);
  expect(refreshed.bearer).toBe(refreshed.supabase?.access_token);
  expect(refreshed.supabase?.refresh_token).not.toBe(first.supabase?.refresh_token);
  // The server accepts the new token.
  expect((await request.get('/api/user/me', { headers: await apiHeaders(request, refreshed.bearer) })).status()).toBe(200);
});

test('an access token that expired while the app was closed is refreshed at start, before the API is called', async ({ page, request }) => {
  const email = newEmail('expired');
  await signInWithSupabase(page, email);
  await completeWelcome(page);
  const first = await storedTokens(page);

  // A second session of the same user whose access token lives 3 s, stored as supabase-js stores it, app closed.
  await setAccessTokenTtl(request, 3);
  expect((await request.post(`${SUPABASE_STAND_IN_URL}/auth/v1/otp`, { data: { email } })).ok()).toBeTruthy();
  const short = await (
    await request.post(`${SUPABASE_STAND_IN_URL}/auth/v1/verify`, {
      data: { type: 'email', email, token: await supabaseCode(request, email) },
    })
  ).json();
  await setAccessTokenTtl(request, 3600);
  await page.goto('/config.json');
  await page.evaluate((session) => {
    const stored = JSON.parse(localStorage.getItem('podium.supabase.auth') ?? '{}');
    localStorage.setItem('podium.supabase.auth', JSON.stringify({ ...stored, ...session }));
    localStorage.setItem('podium.session.token', session.access_token);
  }, short);
  // Wait until the short token has expired: the server refuses it.
  await expect
    .poll(async () => (await request.get('/api/user/me', { headers: await apiHeaders(request, short.access_token) })).status(), {
      timeout: 15_000,
    })
    .toBe(401);

  const unauthorized: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 401) unauthorized.push(res.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille');
  await expect(page).toHaveURL(/\/dashboard$/);
  const now = await storedTokens(page);
  expect(now.bearer).not.toBe(short.access_token);
  expect(now.bearer).not.toBe(first.bearer);
  expect(now.bearer).toBe(now.supabase?.access_token);
  expect(unauthorized).toEqual([]);
});

test('a member created less than 150000 ms ago who opens / goes to /welcome; after the window, to /dashboard', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await signInWithSupabase(page, newEmail('window'));
  await completeWelcome(page);
  const { bearer } = await storedTokens(page);
  const me = await (await request.get('/api/user/me', { headers: await apiHeaders(request, bearer) })).json();
  const createdAt = Date.parse(me.data.createdAt);
  expect(me.data.isNewUser).toBe(false);

  // The page's clock keeps running after setSystemTime: a page that takes a few seconds to start on a busy machine must
  // still be inside the window when the guard reads the time, so this visit comes well inside it.
  await page.clock.setSystemTime(createdAt + 120_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);

  await page.clock.setSystemTime(createdAt + 151_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille');
});
