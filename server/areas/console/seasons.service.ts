/**
 * Seasons as operators run them: the list, and the start of a new one in a transaction of its own (the rules of a
 * season start are the leaderboards area's `startSeason`).
 */
import type { AdminSeason, AdminSeasonInput } from '../../../src/contracts/admin/season';
import type { Actor } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/types';
import { listSeasons, startSeason } from '../leaderboards/leaderboards.service';

/** The seasons of `organizationId`, newest first, the one fans see now marked `current`. */
export function readSeasons(deps: Pick<AppDeps, 'db' | 'clock'>, organizationId: string): Promise<AdminSeason[]> {
  return listSeasons(deps.db, organizationId, deps.clock());
}

/**
 * Starts a new season of the actor's organization (`startSeason`: audited `create`, entity `seasons`), its write and
 * audit entry in one transaction.
 * @returns the season
 * @throws ApiError 409 SeasonOrder when `input.startsAt` is not after the latest season's start
 */
export function startNewSeason(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, input: AdminSeasonInput): Promise<AdminSeason> {
  return deps.db.transaction((tx) => startSeason(tx, actor, input, deps.clock()));
}
