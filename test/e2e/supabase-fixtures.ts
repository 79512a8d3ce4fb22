/**
 * Helpers of the hosted-integration specs (playwright.integrations.config.ts): sign-in through supabase-js against
 * the Supabase Auth stand-in (the code is read from the stand-in), and readers of what the PostHog and OTLP stand-ins
 * received. The stand-ins are real HTTP services; nothing here fakes the app's traffic.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { OTLP_STAND_IN_URL, POSTHOG_STAND_IN_URL, SUPABASE_STAND_IN_URL } from '../../playwright.integrations.config';
import type { ReceivedSpan } from '../stand-ins/otlp-receiver';
import { persistedCache } from './offline-helpers';
import type { CapturedEvent } from '../stand-ins/posthog-capture';
import type { StandInEvent } from '../stand-ins/supabase-auth';

/** A fresh e-mail address at `domain`. */
export function newEmail(prefix: string, domain = 'fans.example'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@${domain}`;
}

/** The code the Supabase stand-in sent to `email` (waits up to 10 s). */
export async function supabaseCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`${SUPABASE_STAND_IN_URL}/__stand-in/codes/${encodeURIComponent(email)}`);
        code = res.ok() ? (await res.json()).code : '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Sets the lifetime of the access tokens the stand-in issues from now on, in seconds. */
export async function setAccessTokenTtl(request: APIRequestContext, seconds: number): Promise<void> {
  expect(
    (await request.post(`${SUPABASE_STAND_IN_URL}/__stand-in/config`, { data: { accessTokenTtlSeconds: seconds } })).ok(),
  ).toBeTruthy();
}

/** Every call the Supabase stand-in received. */
export async function supabaseEvents(request: APIRequestContext): Promise<StandInEvent[]> {
  return (await request.get(`${SUPABASE_STAND_IN_URL}/__stand-in/events`)).json();
}

/** Signs in through the app's /login and /login/verify-email screens (supabase-js against the stand-in). */
export async function signInWithSupabase(page: Page, email: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/e-?mail/i).press('Enter');
  await page.waitForURL(/\/login\/verify-email/);
  const code = await supabaseCode(page.request, email);
  await page.getByLabel(/code/i).fill(code);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The session supabase-js persisted (`podium.supabase.auth`) and the app's bearer (`podium.session.token`). */
export async function storedTokens(
  page: Page,
): Promise<{ supabase: { access_token: string; refresh_token: string; expires_at: number } | null; bearer: string | null }> {
  return page.evaluate(() => ({
    supabase: JSON.parse(localStorage.getItem('podium.supabase.auth') ?? 'null'),
    bearer: localStorage.getItem('podium.session.token'),
  }));
}

/** Completes onboarding on /welcome (first name Camille, a fresh username); ends on the page the app goes to next. */
export async function completeWelcome(page: Page): Promise<void> {
  await page.waitForURL(/\/welcome$/);
  await page.getByLabel('First name').fill('Camille');
  await page.getByLabel('Username').fill(`fan${randomUUID().slice(0, 8)}`);
  await page.getByRole('button', { name: "Let's go" }).click();
  await page.waitForURL((url) => url.pathname !== '/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Camille');
  // The app persists its query cache with a 300 ms throttle (src/offline/persister.ts): wait until the onboarded
  // user is in IndexedDB before the test reloads, as a fan would by not closing the app within the second.
  await expect
    .poll(async () => (await persistedCache(page))?.queryData[JSON.stringify(['user', 'me'])], { timeout: 10_000 })
    .toMatchObject({ firstName: 'Camille', isNewUser: false });
}

/** Events the PostHog stand-in received since `since` (epoch ms), in the order the app captured them. */
export async function capturedEvents(request: APIRequestContext, since = 0): Promise<CapturedEvent[]> {
  const all: CapturedEvent[] = await (await request.get(`${POSTHOG_STAND_IN_URL}/__stand-in/events`)).json();
  // In the order the app captured them: queued events can go out in parallel requests and arrive in any order.
  return all.filter((e) => e.receivedAt >= since).sort((a, b) => a.capturedAt - b.capturedAt);
}

/** Requests (any path) the PostHog stand-in received since `since`. */
export async function captureRequests(request: APIRequestContext, since = 0): Promise<{ path: string; at: number }[]> {
  const all: { path: string; at: number }[] = await (await request.get(`${POSTHOG_STAND_IN_URL}/__stand-in/requests`)).json();
  return all.filter((r) => r.at >= since);
}

/** Spans the OTLP stand-in received since `since` (epoch ms). */
export async function receivedSpans(request: APIRequestContext, since = 0): Promise<ReceivedSpan[]> {
  const all: ReceivedSpan[] = await (await request.get(`${OTLP_STAND_IN_URL}/__stand-in/spans`)).json();
  return all.filter((s) => s.receivedAt >= since);
}
