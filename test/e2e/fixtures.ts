/**
 * Shared end-to-end helpers: a unique fan e-mail per test, the sign-in code read from the real server's
 * log, a UI sign-in through /login and /login/verify-email, and an API client authenticated as a fan
 * (used to check the server's ledger, never to fake UI state).
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { E2E_SERVER_LOG } from '../../playwright.config';

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
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const log = (await readFile(E2E_SERVER_LOG, 'utf8')).slice(after);
    const matches = [...log.matchAll(pattern)];
    if (matches.length > 0) return matches[matches.length - 1][1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No sign-in code for ${email} in ${E2E_SERVER_LOG}`);
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
  await page.getByLabel(/code/i).press('Enter', { timeout: 2000 }).catch(() => undefined);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Bearer token for `email`, obtained through the real API (POST /api/session/otp then /api/session). */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const config = await (await request.get('/config.json')).json();
  const mark = await serverLogSize();
  const otp = await request.post('/api/session/otp', {
    data: { email },
    headers: { authorization: `Bearer ${config.organizationKey}` },
  });
  expect(otp.status()).toBe(202);
  const code = await readSignInCode(email, mark);
  const res = await request.post('/api/session', {
    data: { email, code },
    headers: { authorization: `Bearer ${config.organizationKey}` },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token as string;
}

/** GET an API path as a signed-in fan and return the parsed `data`. */
export async function apiGet<T = unknown>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `GET /api${path} -> ${res.status()}`).toBeTruthy();
  return (await res.json()).data as T;
}

/** The session token the PWA stored in localStorage (spec §3: fixed local key). */
export async function sessionTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('podium.session.token'));
  expect(token, 'session token in localStorage').toBeTruthy();
  return token as string;
}

export const test = base;
