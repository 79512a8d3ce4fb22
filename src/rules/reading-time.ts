/**
 * Reading time of an article (spec §3 Article `readingMinutes`): words at 200 a minute, rounded, at least one
 * minute. Words are runs of non-blank characters; Markdown marks count as part of their words.
 */

/** Words a member reads in a minute. */
const WORDS_PER_MINUTE = 200;

/** Minutes (>= 1) to read `text`. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
