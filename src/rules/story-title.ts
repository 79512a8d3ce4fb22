/**
 * Story title rules (spec §4 "Stories"; ARCHITECTURE §5 rank-coded stories):
 * - a title that starts with a rank code `P1`..`P10` as a whole word (Unicode-aware: "P10 …" is P10, never P1;
 *   "P1é", "P1x", "P11" are none) is visible only to a signed-in, non-underage member of exactly that rank and is
 *   never shareable;
 * - a story titled 'Save to Home' (trimmed, case-insensitive) is never shareable.
 */
import type { RankCode } from '../contracts/constants';

/** Title of the story that is never shareable (spec §4). */
const SAVE_TO_HOME_TITLE = 'Save to Home';

// A code followed by a letter, digit or underscore of any script is not a whole word.
const RANK_PREFIX = /^(P(?:10|[1-9]))(?![\p{L}\p{N}_])/u;

/** The rank code `title` starts with as a whole word (leading/trailing blanks ignored), or null. */
export function rankCodeOf(title: string): RankCode | null {
  const match = RANK_PREFIX.exec(title.trim());
  return match ? (match[1] as RankCode) : null;
}

/** True for the 'Save to Home' story (compared trimmed, case-insensitively). */
export function isSaveToHome(title: string): boolean {
  return title.trim().toLowerCase() === SAVE_TO_HOME_TITLE.toLowerCase();
}

/** Who is looking at a story: null for a visitor. */
export interface StoryViewer {
  rank: RankCode;
  underage: boolean;
}

/**
 * Whether `viewer` may see a story titled `title`: titles without a rank code are for everyone; a rank-coded one
 * only for a non-underage member whose rank is that code (visitors never).
 */
export function isTitleVisibleTo(title: string, viewer: StoryViewer | null): boolean {
  const code = rankCodeOf(title);
  if (!code) return true;
  return viewer !== null && !viewer.underage && viewer.rank === code;
}

/** Whether a story may be shared: the editorial `shareable` flag, and never a rank-coded or 'Save to Home' story. */
export function isTitleShareable(title: string, shareable: boolean): boolean {
  return shareable && rankCodeOf(title) === null && !isSaveToHome(title);
}
