/**
 * The challenge list as members see it: the exclusion list of the runtime config (spec §4, ARCHITECTURE §5)
 * and the visibility window applied to `GET /challenge`, re-evaluated as time passes.
 */
import { useMemo } from 'react';
import type { Challenge, ChallengeSubtype } from '../../contracts/challenge';
import { getRuntimeConfig } from '../../platform/runtime-config';
import { useChallenges } from './api/get-challenges';
import { filterVisibleChallenges, sortChallenges } from './challenge-list';

/** Returns the query state and `visible` (undefined while loading). */
export function useVisibleChallenges(now: Date) {
  const query = useChallenges();
  const { excludedChallengeIds } = getRuntimeConfig();
  const visible: Challenge[] | undefined = useMemo(
    () => (query.data ? filterVisibleChallenges(query.data, excludedChallengeIds, now) : undefined),
    [query.data, excludedChallengeIds, now],
  );
  return { ...query, visible };
}

/**
 * The visible challenges of `subtype`, open ones first (`sortChallenges`), as `challenges` (undefined while
 * loading), with the query state.
 */
export function useSubtypeChallenges(subtype: ChallengeSubtype, now: Date) {
  const query = useVisibleChallenges(now);
  const challenges = query.visible
    ? sortChallenges(
        query.visible.filter((c) => c.subtype === subtype),
        now,
      )
    : undefined;
  return { ...query, challenges };
}
