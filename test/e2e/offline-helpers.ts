/**
 * Helpers of the offline-queue end-to-end tests (test/e2e/offline-queue.spec.ts):
 * - `signInToDashboard`: a new onboarded fan, signed in through the real API, on the dashboard;
 * - `waitForServiceWorker`, `persistedCache`: the service worker controls the page; the persisted TanStack
 *   Query cache read straight from IndexedDB (query keys and data, paused mutations, buster);
 * - `ledger`, `contentFor`: the server's truth read through the API with the fan's token;
 * - `queuedActionCount`: the number in the offline indicator ("N actions waiting to sync" / "Syncing N actions");
 * - `mulberry32`: a small seeded PRNG, so the flaky-network test fails the same requests on every run;
 * - `watchVideoToEnd`: plays a `<video>` to its `ended` event (the app counts `ended`).
 * Going offline and back: `goOffline` / `goOnline` in offline-network.ts.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet, expect, newFanEmail, signInThroughApi } from './fixtures';

/** A ledger row as `GET /api/user/me/transactions` returns it. */
export interface LedgerRow {
  reason: string;
  reference: string;
  amount: number;
  balanceAfter: number;
  createdAt: string;
}

interface ChapterDto {
  id: string;
  orderIndex: number;
  title: string;
  value: number;
  viewed: boolean;
}
interface StoryDto {
  id: string;
  title: string;
  startsAt: string;
  stopsAt: string | null;
  chapters: ChapterDto[];
}
interface VideoDto {
  id: string;
  name: string;
  value: number;
  viewed: boolean;
  durationSeconds: number;
}
interface ArticleDto {
  id: string;
  title: string;
  value: number;
  read: boolean;
}

/**
 * Signs a new fan in and onboards them through the real API, then opens the dashboard (`signInThroughApi`) and waits
 * for its check-in button. Returns the bearer token, for reading the ledger through the API.
 */
export async function signInToDashboard(page: Page, prefix: string): Promise<string> {
  const token = await signInThroughApi(page, newFanEmail(prefix), {
    username: `${prefix}_${randomUUID().slice(0, 8)}`,
    firstName: 'Offline',
  });
  // A first boot (no HTTP cache, the worker installing) is the slowest screen of a run on a busy machine.
  await expect(page.getByRole('button', { name: /^Check in/ })).toBeVisible({ timeout: 30_000 });
  return token;
}

/** Waits until the service worker controls the page (it claims clients on its first activation). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** What the persisted TanStack Query cache (IndexedDB, idb-keyval's default store) holds. */
interface PersistedCache {
  buster: string;
  /** The persisted queries' keys as JSON (e.g. `["user","me"]`); the hash adds the language, the key does not. */
  queries: string[];
  /** Data of each persisted query, by its key as JSON (e.g. `["user","me"]`). */
  queryData: Record<string, unknown>;
  pausedMutations: number;
  mutationKeys: string[];
  /** Variables of every persisted mutation, as JSON (e.g. to find `"articleId":"…"`). */
  mutationVariables: string[];
}

/** Reads the persisted cache straight from IndexedDB; null before the first save. */
export async function persistedCache(page: Page): Promise<PersistedCache | null> {
  return page.evaluate(
    () =>
      new Promise<PersistedCache | null>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            return resolve(null);
          }
          const get = db.transaction('keyval').objectStore('keyval').get('podium.query-cache');
          get.onsuccess = () => {
            const value = get.result as
              | {
                  buster: string;
                  clientState: {
                    queries: { queryKey: unknown[]; state: { data: unknown } }[];
                    mutations: { mutationKey?: unknown[]; state: { isPaused: boolean; variables?: unknown } }[];
                  };
                }
              | undefined;
            db.close();
            resolve(
              value
                ? {
                    buster: value.buster,
                    queries: value.clientState.queries.map((q) => JSON.stringify(q.queryKey)),
                    queryData: Object.fromEntries(value.clientState.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data])),
                    pausedMutations: value.clientState.mutations.filter((m) => m.state.isPaused).length,
                    mutationKeys: value.clientState.mutations.map((m) => String(m.mutationKey?.[0])),
                    mutationVariables: value.clientState.mutations.map((m) => JSON.stringify(m.state.variables ?? null)),
                  }
                : null,
            );
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Every ledger row of the fan (newest first), through the real API. */
export async function ledger(request: APIRequestContext, token: string): Promise<LedgerRow[]> {
  return apiGet<LedgerRow[]>(request, token, '/user/me/transactions?limit=200');
}

/** Ledger references of `rows` (optionally one reason), sorted, so duplicates show up in a comparison. */
export function references(rows: LedgerRow[], reason?: string): string[] {
  return rows
    .filter((r) => !reason || r.reason === reason)
    .map((r) => r.reference)
    .sort();
}

/** The content a fan can act on: running, not rank-coded stories; videos; articles (as the fan sees them). */
export async function contentFor(request: APIRequestContext, token: string) {
  const now = Date.now();
  const stories = (await apiGet<StoryDto[]>(request, token, '/content/stories'))
    .filter((s) => !/^P\d+\b/.test(s.title))
    .filter((s) => Date.parse(s.startsAt) <= now && (s.stopsAt === null || Date.parse(s.stopsAt) > now + 10 * 60_000))
    .map((s) => ({ ...s, chapters: [...s.chapters].sort((a, b) => a.orderIndex - b.orderIndex) }));
  const videos = await apiGet<VideoDto[]>(request, token, '/content/videos');
  const articles = await apiGet<ArticleDto[]>(request, token, '/content/articles');
  return { stories, videos, articles };
}

/** The offline indicator (a `role="status"` live region mounted by the layouts). */
export const offlineIndicator = (page: Page) => page.locator('[data-offline-indicator]');

/** Waits for the persisted cache to hold `keys` (query hashes such as `["videos"]`). */
export async function waitForPersistedQueries(page: Page, keys: string[]): Promise<void> {
  await expect
    .poll(async () => (await persistedCache(page))?.queries ?? [], { timeout: 15_000, message: 'persisted query cache' })
    .toEqual(expect.arrayContaining(keys));
}

/**
 * Mulberry32: a tiny deterministic PRNG. Takes a 32-bit seed; returns a function giving floats in [0, 1).
 * The same seed yields the same sequence on every run.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Waits until the page's `<video>` holds the whole clip in its buffer (so it can play with no network). */
export async function waitForVideoFullyBuffered(page: Page): Promise<void> {
  await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
    // preload="metadata" fetches only the start: ask for the whole (5 s, ~100 KB) clip, as playing online would.
    video.preload = 'auto';
    video.load();
  });
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      if (!video || !Number.isFinite(video.duration) || video.duration <= 0 || video.buffered.length === 0) return false;
      return (
        video.readyState >= 4 && video.buffered.start(0) <= 0.05 && video.buffered.end(video.buffered.length - 1) >= video.duration - 0.05
      );
    },
    null,
    { timeout: 15_000 },
  );
}

/**
 * Plays the page's `<video>` from the start until it fires `ended` (muted, so no user gesture is needed).
 * `playbackRate` > 1 shortens the wait; the played ranges still cover the whole clip. Resolves when ended.
 */
export async function watchVideoToEnd(page: Page, playbackRate = 1): Promise<void> {
  await page.locator('video').evaluate(
    (video: HTMLVideoElement, rate) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`video did not end (currentTime ${video.currentTime}, readyState ${video.readyState})`)),
          30_000,
        );
        // React's onEnded listener was added to the element when it mounted, so it runs before this one.
        video.addEventListener(
          'ended',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
        video.muted = true;
        video.currentTime = 0;
        video.playbackRate = rate;
        video.play().catch((error) => {
          clearTimeout(timer);
          reject(error);
        });
      }),
    playbackRate,
  );
}

/**
 * Waits until a queued action is safe: either persisted in the IndexedDB queue (its variables contain `id`) or
 * already applied (the ledger has `reference`). Leaving the page before that can lose it (see the report of
 * the flaky-network test). Takes the page, the fan's token, the id and the ledger reference.
 */
export async function waitForActionSafe(page: Page, token: string, id: string, reference: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const cache = await persistedCache(page);
        if (cache?.mutationVariables.some((v) => v.includes(`"${id}"`))) return true;
        return (await ledger(page.request, token)).some((r) => r.reference === reference);
      },
      { timeout: 15_000, message: `action ${reference} persisted or applied` },
    )
    .toBe(true);
}

/** The demo organization's time zone: check-in days are counted in it (ARCHITECTURE §5). */
const ORGANIZATION_TIME_ZONE = 'Europe/Paris';

/** The calendar day (`YYYY-MM-DD`) of instant `ms` (ms since the epoch) in `ORGANIZATION_TIME_ZONE`. */
export function organizationDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ORGANIZATION_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ms,
  );
}

/**
 * The start of the last minute of the organization day before the one containing `ms` (i.e. 23:59 "yesterday",
 * DST-safe: found by stepping back a minute at a time). Takes and returns ms since the epoch.
 */
export function lastMinuteOfPreviousDay(ms: number): number {
  const today = organizationDay(ms);
  let t = Math.floor(ms / 60_000) * 60_000;
  while (organizationDay(t) === today) t -= 60_000;
  return t;
}
