/**
 * When a video counts as watched (the view is recorded when the member has watched it, not on open): on the `ended` event, or once the parts actually played cover at least 90% of the duration.
 * Seeking to the end does not count: only played ranges (the media element's `played` TimeRanges) add up. Pure.
 */

/** Share of the duration that must have been played, 0..1. */
const WATCHED_THRESHOLD = 0.9;

/** A played interval, in seconds. */
interface PlayedRange {
  start: number;
  end: number;
}

/** Reads a `TimeRanges` (e.g. `video.played`) into plain ranges. */
export function toRanges(ranges: Pick<TimeRanges, 'length' | 'start' | 'end'>): PlayedRange[] {
  const out: PlayedRange[] = [];
  for (let i = 0; i < ranges.length; i++) out.push({ start: ranges.start(i), end: ranges.end(i) });
  return out;
}

/**
 * Seconds covered by the union of `ranges` (overlaps counted once).
 * Takes the ranges in any order; returns seconds >= 0.
 */
export function playedSeconds(ranges: readonly PlayedRange[]): number {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let cursorStart = -1;
  let cursorEnd = -1;
  for (const r of sorted) {
    if (r.start > cursorEnd) {
      if (cursorEnd > cursorStart) total += cursorEnd - cursorStart;
      cursorStart = r.start;
      cursorEnd = r.end;
    } else cursorEnd = Math.max(cursorEnd, r.end);
  }
  if (cursorEnd > cursorStart) total += cursorEnd - cursorStart;
  return total;
}

/**
 * Share of the video played, 0..1. Takes the played ranges and the duration in seconds; returns 0 for an
 * unknown, zero or infinite duration (live streams never count by share).
 */
export function watchedFraction(ranges: readonly PlayedRange[], durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.min(1, playedSeconds(ranges) / durationSeconds);
}

/** Whether the member has watched the video: ended, or at least `WATCHED_THRESHOLD` of it played. */
export function hasWatched(input: { ended: boolean; ranges: readonly PlayedRange[]; durationSeconds: number }): boolean {
  return input.ended || watchedFraction(input.ranges, input.durationSeconds) >= WATCHED_THRESHOLD;
}
