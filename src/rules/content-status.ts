/**
 * The publishing status of an operator's content item (challenge, story, video, article, sweepstake, activation,
 * carousel card, ...): `archived` once archived, `draft` while the operator keeps it unpublished, `scheduled`
 * before its window opens, `ended` once its window has closed, else `live`. The console's filters and badges and
 * the admin API's `?status=` read this one rule; fans see only `live` items (and, where the spec says so,
 * `ended` ones for history). Windows are `[start, end)`; a null end never closes.
 */
import type { ContentStatus } from '../contracts/admin/common';

type Instant = Date | string;
const ms = (t: Instant) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** Whether fans may see the item at all: neither a draft nor archived (its window is checked separately). */
export function isPublished(item: { archivedAt: Instant | null; draft: boolean }): boolean {
  return item.archivedAt === null && !item.draft;
}

/**
 * The status at `now` of an item.
 * @param item `archivedAt` (null = not archived), `draft`, and its window `start` (null = always open) / `end`
 * @returns the status (a value of `CONTENT_STATUSES`)
 */
export function contentStatusAt(
  item: { archivedAt: Instant | null; draft: boolean; start: Instant | null; end: Instant | null },
  now: Date,
): ContentStatus {
  if (item.archivedAt !== null) return 'archived';
  if (item.draft) return 'draft';
  const t = now.getTime();
  if (item.start !== null && t < ms(item.start)) return 'scheduled';
  if (item.end !== null && t >= ms(item.end)) return 'ended';
  return 'live';
}
