/**
 * Challenge list rules: exclusion list (spec §4 "a specific set of ten challenge ids is excluded",
 * ARCHITECTURE §5: `excludedChallengeIds` in the runtime config), visibility window, grouping by subtype
 * and ordering (open first by soonest expiry, then completed / expired, most recent first).
 * Pure: the current time is passed in.
 */
import { CHALLENGE_SUBTYPES, type ChallengeSubtype } from '../../contracts/constants';
import type { Challenge } from '../../contracts/challenge';
import { getChallengeState, type ChallengeState } from '../../rules/challenge-completion';

/** Default number of cards in the dashboard's "Challenges to do". */
const CHALLENGES_TO_DO_LIMIT = 5;

/**
 * Keeps the challenges a member may see: not in `excludedChallengeIds` and already visible at `now`.
 * @returns a new array in the input order
 */
export function filterVisibleChallenges(challenges: readonly Challenge[], excludedChallengeIds: readonly string[], now: Date): Challenge[] {
  const excluded = new Set(excludedChallengeIds);
  return challenges.filter((c) => !excluded.has(c.challengeId) && getChallengeState(c, now) !== 'upcoming');
}

const expiryTime = (c: Challenge) => (c.expiresOn === null ? Number.POSITIVE_INFINITY : Date.parse(c.expiresOn));
const answeredTime = (c: Challenge): number => {
  const r = c.userResponse;
  if (r && 'answeredAt' in r) return Date.parse(r.answeredAt);
  if (r && r.completedAt) return Date.parse(r.completedAt);
  return c.expiresOn === null ? Date.parse(c.visibleFrom) : Date.parse(c.expiresOn);
};

const STATE_ORDER: Record<ChallengeState, number> = { open: 0, completed: 1, expired: 2, upcoming: 3 };

/**
 * Orders challenges for display: open ones first, soonest expiry first (no expiry last, then by title);
 * then completed and expired ones, most recently answered/expired first.
 * @returns a new sorted array
 */
export function sortChallenges(challenges: readonly Challenge[], now: Date): Challenge[] {
  return challenges
    .map((c) => ({ c, state: getChallengeState(c, now) }))
    .sort((a, b) => {
      const rank = (s: ChallengeState) => (s === 'open' ? 0 : s === 'upcoming' ? 2 : 1);
      if (rank(a.state) !== rank(b.state)) return rank(a.state) - rank(b.state);
      if (a.state === 'open') {
        return expiryTime(a.c) - expiryTime(b.c) || a.c.title.localeCompare(b.c.title);
      }
      return answeredTime(b.c) - answeredTime(a.c) || STATE_ORDER[a.state] - STATE_ORDER[b.state];
    })
    .map(({ c }) => c);
}

/** Challenges split by state at `now`, each part in {@link sortChallenges} order. */
interface PartitionedChallenges {
  open: Challenge[];
  completed: Challenge[];
  expired: Challenge[];
}

/** Splits challenges into open / completed / expired (upcoming ones are dropped). */
export function partitionChallenges(challenges: readonly Challenge[], now: Date): PartitionedChallenges {
  const result: PartitionedChallenges = { open: [], completed: [], expired: [] };
  for (const c of sortChallenges(challenges, now)) {
    const state = getChallengeState(c, now);
    if (state !== 'upcoming') result[state].push(c);
  }
  return result;
}

/** Groups challenges by subtype; every subtype key is present (possibly empty), input order kept. */
export function groupChallengesBySubtype(challenges: readonly Challenge[]): Record<ChallengeSubtype, Challenge[]> {
  const groups = Object.fromEntries(CHALLENGE_SUBTYPES.map((s) => [s, [] as Challenge[]])) as Record<ChallengeSubtype, Challenge[]>;
  for (const c of challenges) groups[c.subtype].push(c);
  return groups;
}

/** Number of open (answerable) challenges per subtype at `now`. */
export function countOpenBySubtype(challenges: readonly Challenge[], now: Date): Record<ChallengeSubtype, number> {
  const counts = Object.fromEntries(CHALLENGE_SUBTYPES.map((s) => [s, 0])) as Record<ChallengeSubtype, number>;
  for (const c of challenges) if (getChallengeState(c, now) === 'open') counts[c.subtype] += 1;
  return counts;
}

/**
 * The dashboard's "Challenges to do": visible, not excluded, open (not completed, not expired),
 * soonest expiry first, at most `limit`.
 */
export function selectChallengesToDo(
  challenges: readonly Challenge[],
  excludedChallengeIds: readonly string[],
  now: Date,
  limit: number = CHALLENGES_TO_DO_LIMIT,
): Challenge[] {
  return partitionChallenges(filterVisibleChallenges(challenges, excludedChallengeIds, now), now).open.slice(0, limit);
}
