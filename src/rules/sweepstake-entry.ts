/**
 * Sweepstake entry rules (spec §3, §6, §8; ARCHITECTURE §4-§5), the one home of the entry cost and the per-member
 * limit: the server charges and refuses with them (`enterSweepstake`), the app uses them to explain beforehand why
 * the enter button is disabled and to bound the count stepper. Pure.
 */
import { MAX_ENTRIES_PER_REQUEST, type Sweepstake } from '../contracts/sweepstake';
import { effectiveStatus } from './sweepstake-status';

/** Why a member cannot enter now, or null when they can. Checked in this order. */
export type EntryBlock = 'signed-out' | 'underage' | 'coming-soon' | 'ended' | 'offline' | 'limit-reached' | 'insufficient-points';

interface EntryContext {
  /** The member, or null for a visitor. */
  user: { points: number; underage: boolean } | null;
  /** Whether the app is online (entries are online-only: they spend points). */
  online: boolean;
  now: Date;
}

/** Entries the member may still hold (Infinity without a per-member limit). */
export function remainingEntries(s: Pick<Sweepstake, 'maxEntriesPerUser' | 'userEntryCount'>): number {
  return s.maxEntriesPerUser === null ? Number.POSITIVE_INFINITY : Math.max(0, s.maxEntriesPerUser - s.userEntryCount);
}

/**
 * Largest count one request may buy: bounded by the balance (`floor(points / entryCost)`), the member's remaining
 * limit and `MAX_ENTRIES_PER_REQUEST`. Returns 0 when nothing can be bought.
 */
export function maxEntriesFor(s: Pick<Sweepstake, 'entryCost' | 'maxEntriesPerUser' | 'userEntryCount'>, points: number): number {
  const affordable = Math.floor(Math.max(0, points) / s.entryCost);
  return Math.max(0, Math.min(MAX_ENTRIES_PER_REQUEST, affordable, remainingEntries(s)));
}

/** Total cost of `count` entries, in points (`count × entryCost`, ARCHITECTURE §4). */
export function entryCost(s: Pick<Sweepstake, 'entryCost'>, count: number): number {
  return count * s.entryCost;
}

/** The first reason the member cannot enter `s`, or null (see `EntryBlock`). */
export function getEntryBlock(s: Sweepstake, { user, online, now }: EntryContext): EntryBlock | null {
  if (!user) return 'signed-out';
  if (user.underage) return 'underage';
  const status = effectiveStatus(s, now);
  if (status === 'coming_soon') return 'coming-soon';
  if (status === 'ended') return 'ended';
  if (!online) return 'offline';
  if (remainingEntries(s) === 0) return 'limit-reached';
  if (user.points < s.entryCost) return 'insufficient-points';
  return null;
}

/** Clamps a stepper value to 1..max (1 when max is 0, so the stepper never shows 0). */
export function clampCount(count: number, max: number): number {
  if (!Number.isFinite(count)) return 1;
  return Math.min(Math.max(1, Math.trunc(count)), Math.max(1, max));
}
