/**
 * Helpers of the content journeys (test/e2e/content.spec.ts): a fan onboarded through the real UI
 * (optionally with a birthday), the fan's ledger and balance read through the API, and earning points through
 * the same award calls the app makes (`POST /api/content/videos/{id}/view`) when a test needs a balance without
 * being about how it was earned. There is no admin API: every point comes from a fan action.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { apiGet, apiHeaders, expect, newFanEmail, signInThroughApi } from './fixtures';

interface Tx {
  id: string;
  amount: number;
  reason: string;
  reference: string;
  label: string | null;
  balanceAfter: number;
}
export interface Me {
  points: number;
  lifetimePoints: number;
  rank: string;
  birthday: string | null;
  avatarUrl: string | null;
}
export interface Video {
  id: string;
  name: string;
  value: number;
  viewed: boolean;
  durationSeconds: number;
}
export interface Article {
  id: string;
  title: string;
  value: number;
  read: boolean;
}
export interface Chapter {
  id: string;
  orderIndex: number;
  title: string;
  value: number;
  viewed: boolean;
}
export interface Story {
  id: string;
  title: string;
  viewed: boolean;
  chapters: Chapter[];
}
export interface Sweepstake {
  sweepstakeId: string;
  title: string;
  entryCost: number;
  userEntryCount: number;
  status?: string;
}
export interface Consent {
  id: string;
  consentId: string;
  name: string;
  value: number;
  enabled: boolean;
}

/** A date `years` years (and `extraDays` days) before today, as `YYYY-MM-DD`. */
export function birthdayYearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
}

/**
 * Signs a brand-new fan in and onboards them (first name, unique username and, when given, the birthday
 * `YYYY-MM-DD`) through the API, as /login and /welcome do (`signInThroughApi`). Ends on /dashboard. Returns the
 * fan's bearer token.
 */
export async function newOnboardedFan(page: Page, options: { birthday?: string; prefix?: string } = {}): Promise<string> {
  const token = await signInThroughApi(
    page,
    newFanEmail(options.prefix ?? 'content'),
    options.birthday ? { birthday: options.birthday } : {},
  );
  await page.waitForURL(/\/dashboard/);
  return token;
}

/** The fan's ledger (`GET /api/user/me/transactions`). */
export function ledgerOf(request: APIRequestContext, token: string): Promise<Tx[]> {
  return apiGet<Tx[]>(request, token, '/user/me/transactions');
}

/** Ledger rows whose reference is exactly `reference`. */
export async function rowsFor(request: APIRequestContext, token: string, reference: string): Promise<Tx[]> {
  return (await ledgerOf(request, token)).filter((t) => t.reference === reference);
}

/** The fan's current balance (`GET /api/user/me`). */
export async function pointsOf(request: APIRequestContext, token: string): Promise<number> {
  return (await apiGet<Me>(request, token, '/user/me')).points;
}

/**
 * Earns at least `atLeast` points by recording video views through the API, exactly as the video page does once a
 * video is watched (`POST /api/content/videos/{id}/view`, body `{checksum: ''}`, an Idempotency-Key).
 * Returns the balance afterwards. Fails when all videos together are not worth enough.
 */
export async function earnPointsByWatchingVideos(request: APIRequestContext, token: string, atLeast: number): Promise<number> {
  const videos = await apiGet<Video[]>(request, token, '/content/videos');
  let points = await pointsOf(request, token);
  for (const video of videos) {
    if (points >= atLeast) break;
    if (video.viewed) continue;
    const res = await request.post(`/api/content/videos/${video.id}/view`, {
      data: { checksum: '' },
      headers: { ...(await apiHeaders(request, token)), 'idempotency-key': randomUUID() },
    });
    expect(res.ok(), `view ${video.id} -> ${res.status()}`).toBeTruthy();
    points = await pointsOf(request, token);
  }
  expect(points, 'balance earned from video views').toBeGreaterThanOrEqual(atLeast);
  return points;
}

/** Collects the requests of `page` whose URL matches `pattern` (e.g. the award calls), from now on. */
export function watchRequests(page: Page, pattern: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (pattern.test(r.url()) && r.method() === 'POST') seen.push(r);
  });
  return seen;
}

/**
 * Distinct award attempts among `requests`: their distinct Idempotency-Keys. A queued action persisted while in
 * flight is replayed after a reload with its original key (the server answers it without a second award), so
 * attempts, not requests, are what a test counts.
 */
export function distinctAttempts(requests: readonly Request[]): number {
  return new Set(requests.map((r) => r.headers()['idempotency-key'] ?? `no-key-${Math.random()}`)).size;
}

/** A real 1x1 PNG (opaque red pixel), 69 bytes. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
