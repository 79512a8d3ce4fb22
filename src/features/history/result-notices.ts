/**
 * Result notices: a member whose pick'em or arcade pick was credited by an entered result is told
 * once, the next time the app refreshes ("You called it: +30 pts"). Which credits were already announced is kept
 * in this browser by ledger row id, per member; credits older than `NOTICE_WINDOW_DAYS` are never announced, so a
 * new device does not replay a season of results. A reversal (negative row) is never announced. The ledger is read
 * for this only when the member's balance differs from the one last checked in this browser: a credit moves it.
 */
import type { Transaction } from '../../contracts/user';
import { localStore } from '../../platform/local-storage';

/** Credits older than this many days are not announced. */
export const NOTICE_WINDOW_DAYS = 14;
/** At most this many announced ids are kept per member (the newest). */
const KEPT_IDS = 200;
const DAY_MS = 86_400_000;

/**
 * The result credits of `transactions` to announce: positive `challenge_result` rows of the last
 * `NOTICE_WINDOW_DAYS` before `now` whose id is not in `seen`, oldest first.
 * @param transactions ledger rows (any order)
 * @param seen ids already announced
 */
export function resultNoticesToShow(transactions: readonly Transaction[], seen: ReadonlySet<string>, now: Date): Transaction[] {
  const since = now.getTime() - NOTICE_WINDOW_DAYS * DAY_MS;
  return transactions
    .filter((row) => row.reason === 'challenge_result' && row.amount > 0 && !seen.has(row.id) && Date.parse(row.createdAt) >= since)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

const storageKey = (userId: string) => `podium.resultNotices.${userId}`;

/** The ids already announced to member `userId` in this browser (empty when none or storage is unavailable). */
export function readSeenNotices(userId: string): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStore()?.getItem(storageKey(userId)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Adds `ids` to the announced ids of member `userId` (keeps the newest `KEPT_IDS`); does nothing without storage. */
export function rememberSeenNotices(userId: string, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const all = [...readSeenNotices(userId), ...ids];
  try {
    localStore()?.setItem(storageKey(userId), JSON.stringify(all.slice(-KEPT_IDS)));
  } catch {
    // Storage full or refused: the notice may show again next time, which is harmless.
  }
}

const balanceKey = (userId: string) => `podium.resultNotices.balance.${userId}`;

/** Whether member `userId`'s balance `points` differs from the one last checked in this browser (true when none). */
export function balanceChangedSinceCheck(userId: string, points: number): boolean {
  return localStore()?.getItem(balanceKey(userId)) !== String(points);
}

/** Remembers `points` as the balance last checked for member `userId`; does nothing without storage. */
export function rememberCheckedBalance(userId: string, points: number): void {
  try {
    localStore()?.setItem(balanceKey(userId), String(points));
  } catch {
    // Storage full or refused: the ledger is read again next time, which is harmless.
  }
}
