/**
 * The size budget of videos saved for offline (decision 0086): one video at most 100 MB, all saved videos together
 * at most 200 MB, and never more than the browser says is free for the app. Sizes are in bytes (SI: 1 MB =
 * 1,000,000 bytes, as the app prints them).
 */

/** Largest video a fan may save, in bytes (a replay or highlight clip; a whole match is not for the stands). */
export const SAVED_VIDEO_MAX_BYTES = 100_000_000;

/** Largest total of all saved videos, in bytes: room for a few clips on a phone without crowding its storage. */
export const SAVED_VIDEOS_TOTAL_BYTES = 200_000_000;

/** Whether a video may be saved, and if not, why. */
export type SaveVideoVerdict = 'ok' | 'tooLarge' | 'overBudget' | 'noSpace';

/**
 * Whether a video of `sizeBytes` may be saved when the saved videos already take `savedBytes` and the browser
 * reports `freeBytes` free for the app (null when it does not say). All in bytes; pure.
 * `tooLarge` beats `overBudget` (removing other videos would not help), which beats `noSpace`.
 */
export function saveVideoVerdict(input: { sizeBytes: number; savedBytes: number; freeBytes: number | null }): SaveVideoVerdict {
  if (input.sizeBytes > SAVED_VIDEO_MAX_BYTES) return 'tooLarge';
  if (input.savedBytes + input.sizeBytes > SAVED_VIDEOS_TOTAL_BYTES) return 'overBudget';
  if (input.freeBytes !== null && input.sizeBytes > input.freeBytes) return 'noSpace';
  return 'ok';
}
