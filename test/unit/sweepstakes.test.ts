import { describe, expect, it } from 'vitest';
import type { Sweepstake } from '../../src/contracts/sweepstake';
import { clampCount, entryCost, getEntryBlock, maxEntriesFor } from '../../src/rules/sweepstake-entry';
import { claimableWins } from '../../src/features/sweepstakes/claimable-wins';
import { groupSweepstakes, sortSweepstakes } from '../../src/features/sweepstakes/sweepstake-order';

const NOW = new Date('2026-11-22T12:00:00Z');

function sw(id: string, status: Sweepstake['status'], startsAt: string, endsAt: string, over: Partial<Sweepstake> = {}): Sweepstake {
  return {
    sweepstakeId: id,
    title: id,
    description: '',
    prize: '',
    status,
    mediaId: null,
    startsAt,
    endsAt,
    entryCost: 50,
    maxEntriesPerUser: null,
    userEntryCount: 0,
    totalEntries: 0,
    rulesHtml: '',
    winnerCount: 1,
    seedCommitment: null,
    drawSeed: null,
    drawnAt: null,
    yourWin: null,
    ...over,
  };
}

const liveSoon = sw('live-ends-soon', 'live', '2026-11-01T00:00:00Z', '2026-11-23T00:00:00Z');
const liveLater = sw('live-ends-later', 'live', '2026-11-01T00:00:00Z', '2026-12-23T00:00:00Z');
const soonFirst = sw('starts-first', 'coming_soon', '2026-11-25T00:00:00Z', '2026-12-25T00:00:00Z');
const soonSecond = sw('starts-second', 'coming_soon', '2026-11-28T00:00:00Z', '2026-12-25T00:00:00Z');
const endedRecent = sw('ended-recent', 'ended', '2026-10-01T00:00:00Z', '2026-11-20T00:00:00Z');
const endedOld = sw('ended-old', 'ended', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z');

describe('sweepstake list (spec §4: live, coming_soon and ended sort into lists)', () => {
  it('live first by ending soonest, then coming soon by start, then ended most recent first', () => {
    const sorted = sortSweepstakes([endedOld, soonSecond, liveLater, endedRecent, soonFirst, liveSoon], NOW);
    expect(sorted.map((s) => s.sweepstakeId)).toEqual([
      'live-ends-soon',
      'live-ends-later',
      'starts-first',
      'starts-second',
      'ended-recent',
      'ended-old',
    ]);
  });

  it('groups by status into three sections', () => {
    const groups = groupSweepstakes([endedOld, liveSoon, soonFirst], NOW);
    expect(groups.live.map((s) => s.sweepstakeId)).toEqual(['live-ends-soon']);
    expect(groups.coming_soon.map((s) => s.sweepstakeId)).toEqual(['starts-first']);
    expect(groups.ended.map((s) => s.sweepstakeId)).toEqual(['ended-old']);
  });
});

describe('sweepstake entry (ARCHITECTURE §4: count × entryCost; spec §6 underage; online only)', () => {
  const adult = { points: 120, underage: false };

  it('the count is bounded by the balance, the member limit and 100 per request', () => {
    expect(maxEntriesFor(liveSoon, 120)).toBe(2);
    expect(maxEntriesFor({ ...liveSoon, maxEntriesPerUser: 5, userEntryCount: 4 }, 10_000)).toBe(1);
    expect(maxEntriesFor({ ...liveSoon, entryCost: 1 }, 10_000)).toBe(100);
    expect(maxEntriesFor(liveSoon, 49)).toBe(0);
    expect(entryCost(liveSoon, 3)).toBe(150);
  });

  it('explains why a member cannot enter, in order', () => {
    const ctx = { user: adult, online: true, now: NOW };
    expect(getEntryBlock(liveSoon, ctx)).toBeNull();
    expect(getEntryBlock(liveSoon, { ...ctx, user: null })).toBe('signed-out');
    expect(getEntryBlock(liveSoon, { ...ctx, user: { points: 999, underage: true } })).toBe('underage');
    expect(getEntryBlock(soonFirst, ctx)).toBe('coming-soon');
    expect(getEntryBlock(endedOld, ctx)).toBe('ended');
    expect(getEntryBlock(liveSoon, { ...ctx, online: false })).toBe('offline');
    expect(getEntryBlock({ ...liveSoon, maxEntriesPerUser: 2, userEntryCount: 2 }, ctx)).toBe('limit-reached');
    expect(getEntryBlock(liveSoon, { ...ctx, user: { points: 10, underage: false } })).toBe('insufficient-points');
  });

  it('the stepper never goes below 1 nor above the maximum', () => {
    expect(clampCount(0, 5)).toBe(1);
    expect(clampCount(9, 5)).toBe(5);
    expect(clampCount(3, 5)).toBe(3);
    expect(clampCount(3, 0)).toBe(1);
    expect(clampCount(Number.NaN, 5)).toBe(1);
  });
});

describe('claimableWins', () => {
  const won = (id: string, claimBy: string, claimedAt: string | null = null) =>
    sw(id, 'ended', '2026-10-01T00:00:00Z', '2026-11-20T00:00:00Z', {
      drawnAt: '2026-11-20T01:00:00Z',
      yourWin: { place: 1, claimedAt, claimBy },
    });

  it('lists unclaimed wins still open at now, soonest deadline first, and leaves out claimed, expired and lost ones', () => {
    const later = won('later', '2026-12-04T01:00:00Z');
    const sooner = won('sooner', '2026-11-25T01:00:00Z');
    const claimed = won('claimed', '2026-12-04T01:00:00Z', '2026-11-21T00:00:00Z');
    const expired = won('expired', '2026-11-22T12:00:00Z');
    const list = [later, endedRecent, claimed, sooner, expired];
    expect(claimableWins(list, NOW).map((w) => w.sweepstake.sweepstakeId)).toEqual(['sooner', 'later']);
  });

  it('treats a copy cached before the list carried wins as no win', () => {
    const { yourWin: _dropped, ...old } = endedRecent;
    expect(claimableWins([old as Sweepstake], NOW)).toEqual([]);
  });
});
