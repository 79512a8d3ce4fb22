/**
 * Underage gates for links and cards (spec §2, §6; ARCHITECTURE §5). The routes themselves are guarded by the
 * root route's main guard (`UNDERAGE_BLOCKED_PATHS` in features/session/navigation-guard.ts); these helpers let
 * screens hide or lock what an underage member could not open anyway, so a tap never bounces to the dashboard.
 * Pure.
 */
import { normalizePath, UNDERAGE_BLOCKED_PATHS } from '../../features/session/navigation-guard';

/** Whether an in-app path is closed to underage members (`/contests`, `/benefits`, `/games/poll`, ...). */
export function isPathBlockedForUnderage(path: string): boolean {
  return UNDERAGE_BLOCKED_PATHS.includes(normalizePath(path.split(/[?#]/)[0]));
}

/** An in-app link's access for a member: `hidden` when the member is underage and the path is blocked. */
export function linkAccess(path: string, underage: boolean): 'available' | 'hidden' {
  return underage && isPathBlockedForUnderage(path) ? 'hidden' : 'available';
}

/** Keeps the links an underage member may open (all of them for an adult). Returns a new array. */
export function filterLinksForMember<L extends { to: string }>(links: readonly L[], underage: boolean): L[] {
  return links.filter((l) => linkAccess(l.to, underage) === 'available');
}
