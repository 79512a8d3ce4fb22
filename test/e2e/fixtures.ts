/**
 * Shared end-to-end helpers: a unique fan e-mail per test, the sign-in code read from the real server's
 * log, a UI sign-in through /login and /login/verify-email, and an API client authenticated as a fan
 * (used to check the server's ledger, never to fake UI state) that sends the headers the PWA sends, and a signed-in
 * page per member whose session is kept for the whole run (`signedIn`).
 *
 * `test` fails any test whose pages hit a Content-Security-Policy violation: every spec runs with
 * the server's CSP on, so the app is checked against it wherever it goes.
 */
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { E2E_PORT, E2E_SERVER_LOG } from '../../playwright.config';

export { expect };

/** A fresh e-mail address, unique per call. */
export function newFanEmail(prefix = 'fan'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@fans.example`;
}

/**
 * Waits for the server to log a sign-in code for `email` and returns the newest one.
 * @param after ignore codes already present before this many log bytes (from `serverLogSize()`).
 * @throws when no code appears within `timeoutMs` (default 10 000 ms).
 */
export async function readSignInCode(email: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const pattern = new RegExp(`\\[mail\\] sign-in code for ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\d{6})`, 'g');
  const newestCode = async () => [...(await readFile(E2E_SERVER_LOG, 'utf8')).slice(after).matchAll(pattern)].at(-1)?.[1] ?? null;
  let code: string | null = null;
  await expect
    .poll(async () => (code = await newestCode()), { timeout: timeoutMs, message: `No sign-in code for ${email} in ${E2E_SERVER_LOG}` })
    .not.toBeNull();
  return code!;
}

/** Current size of the server log in characters, to read only codes sent after this point. */
export async function serverLogSize(): Promise<number> {
  return (await readFile(E2E_SERVER_LOG, 'utf8')).length;
}

/**
 * Signs a fan in through the real UI: /login -> e-mail -> code from the server log -> verify.
 * Leaves the page wherever the app redirects after sign-in (/welcome for a new fan, or the stored path).
 */
export async function signInThroughUi(page: Page, email: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  const mark = await serverLogSize();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/e-?mail/i).press('Enter');
  await page.waitForURL(/\/login\/verify-email/);
  const code = await readSignInCode(email, mark);
  await page.getByLabel(/code/i).fill(code);
  // The form may submit itself once six digits are in; Enter submits it otherwise.
  await page
    .getByLabel(/code/i)
    .press('Enter', { timeout: 2000 })
    .catch(() => undefined);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Where the sessions of the members signed in during this run are kept, by e-mail: a sign-in code may not be asked
 * for again at once (a 30 s cooldown per e-mail, which every spec signing the operator in would hit), and a failed
 * test restarts the worker (in-memory state is lost), not the server.
 */
const SESSIONS_FILE = `.tmp/e2e-console-sessions-${E2E_PORT}.json`;
const readSessions = async (): Promise<Record<string, StorageState>> => JSON.parse(await readFile(SESSIONS_FILE, 'utf8').catch(() => '{}'));

/**
 * Signs `email` in through the API in a fresh context and completes onboarding when the member is new
 * (`signInThroughApi`); ends on /dashboard. A member signed in earlier in this run gets a fresh context with their
 * stored session instead, when it is still valid.
 */
export async function signedIn(browser: Browser, email: string, viewport = { width: 390, height: 844 }): Promise<Page> {
  const stored = (await readSessions())[email];
  if (stored) {
    const page = await (await browser.newContext({ viewport, storageState: stored })).newPage();
    await page.goto('/dashboard');
    // A session of an earlier run's server (another database) is no session: the app goes to '/'.
    const valid = await page
      .getByRole('region', { name: /points and rank/i })
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (valid) return page;
    await page.context().close();
  }
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInThroughApi(page, email);
  await page.getByRole('region', { name: /points and rank/i }).waitFor();
  await writeFile(SESSIONS_FILE, JSON.stringify({ ...(await readSessions()), [email]: await context.storageState() }));
  return page;
}

type Organization = { organizationKey: string; orgToken: string };
const organizations = new WeakMap<APIRequestContext, Map<string, Promise<Organization>>>();

/** The organization key (from /config.json) and token (from GET /api/organization/current) of the server at `baseUrl`. */
function organizationOf(request: APIRequestContext, baseUrl: string): Promise<Organization> {
  const known = organizations.get(request) ?? new Map<string, Promise<Organization>>();
  organizations.set(request, known);
  let organization = known.get(baseUrl);
  if (!organization) {
    organization = (async () => {
      const config = await (await request.get(`${baseUrl}/config.json`)).json();
      const res = await request.get(`${baseUrl}/api/organization/current`, {
        headers: { authorization: `Bearer ${config.organizationKey}` },
      });
      expect(res.ok(), `GET /api/organization/current -> ${res.status()}`).toBeTruthy();
      return { organizationKey: config.organizationKey as string, orgToken: (await res.json()).data.token as string };
    })();
    known.set(baseUrl, organization);
  }
  return organization;
}

/**
 * Headers of a direct API call, as the PWA sends them after loading the organization (spec §7): the bearer (`bearer`,
 * or the organization key when none is given) and the organization token in `x-org-token`.
 * Takes the request context, an optional bearer and the server's base URL (default: the context's baseURL);
 * returns a header record to spread into a request's `headers`.
 */
export async function apiHeaders(request: APIRequestContext, bearer?: string | null, baseUrl = ''): Promise<Record<string, string>> {
  const { organizationKey, orgToken } = await organizationOf(request, baseUrl);
  return { authorization: `Bearer ${bearer ?? organizationKey}`, 'x-org-token': orgToken };
}

/** Bearer token for `email`, obtained through the real API (POST /api/session/otp then /api/session). */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  return (await apiSession(request, email)).token;
}

/** The session of `email` from the real API (POST /api/session/otp, the code from the server log, POST /api/session). */
async function apiSession(request: APIRequestContext, email: string): Promise<{ token: string; isNewUser: boolean }> {
  const headers = await apiHeaders(request);
  const mark = await serverLogSize();
  const otp = await request.post('/api/session/otp', { data: { email }, headers });
  expect(otp.status()).toBe(202);
  const code = await readSignInCode(email, mark);
  const res = await request.post('/api/session', { data: { email, code }, headers });
  expect(res.ok()).toBeTruthy();
  const { token, isNewUser } = (await res.json()).data as { token: string; isNewUser: boolean };
  return { token, isNewUser };
}

/**
 * Signs `email` in through the real API, completes onboarding as /welcome does when the member is new (`PATCH
 * /api/user/me` with `profile`: a first name, a unique username, a birthday when given), hands the session to the app
 * under its localStorage key and opens `path` (default /dashboard). Returns the bearer token. For a test about what
 * follows sign-in: the sign-in and welcome screens are tested through the UI (`signInThroughUi`), and each of
 * their boots costs a test seconds of a busy machine.
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  profile: { firstName?: string; username?: string; birthday?: string } = {},
  path = '/dashboard',
): Promise<string> {
  const { token, isNewUser } = await apiSession(page.request, email);
  if (isNewUser) {
    const onboard = await page.request.patch('/api/user/me', {
      headers: { ...(await apiHeaders(page.request, token)), 'idempotency-key': randomUUID() },
      data: { firstName: 'Alex', username: `fan${randomUUID().slice(0, 8)}`, ...profile },
    });
    expect(onboard.ok(), `PATCH /api/user/me -> ${onboard.status()}`).toBeTruthy();
  }
  // Written from a same-origin page that is not the app (its runtime config), so no running app sees the token appear.
  await page.goto('/config.json');
  await page.evaluate((t) => localStorage.setItem('podium.session.token', t), token);
  await page.goto(path);
  return token;
}

/** GET an API path as a signed-in fan and return the parsed `data`. */
export async function apiGet<T = unknown>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: await apiHeaders(request, token) });
  expect(res.ok(), `GET /api${path} -> ${res.status()}`).toBeTruthy();
  return (await res.json()).data as T;
}

/** The session token the PWA stored in localStorage (spec §3: fixed local key). */
export async function sessionTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('podium.session.token'));
  expect(token, 'session token in localStorage').toBeTruthy();
  return token as string;
}

/**
 * Collects Content-Security-Policy violations of every page of the test's browser context: the
 * `securitypolicyviolation` events (reported to the console by an init script) and Chromium's own
 * "Refused to ... Content Security Policy" console errors. Returns nothing; fails the test when any arrived.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`[csp-violation] ${event.effectiveDirective} blocked ${event.blockedURI} on ${location.pathname}`);
        });
      });
      context.on('console', (message) => {
        const text = message.text();
        if (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
