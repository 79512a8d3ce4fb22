/**
 * The rewards catalogue's shared rules: why a member cannot redeem a reward, in order; how a
 * redemption moves on; which codes a pasted list or CSV holds.
 */
import { describe, expect, it } from 'vitest';
import { parseCodeList } from '../../src/contracts/admin/reward';
import type { Reward } from '../../src/contracts/reward';
import { initialRedemptionStatus, memberMayCancel, nextRedemptionStatuses } from '../../src/rules/redemption-status';
import { getRewardBlock, holdsRank, pointsMissing } from '../../src/rules/reward-eligibility';

const now = new Date('2026-11-27T12:00:00Z');
const reward = (overrides: Partial<Reward> = {}): Reward => ({
  rewardId: 'r1',
  title: 'Keyring',
  description: '',
  mediaId: null,
  cost: 150,
  fulfilment: 'pickup',
  remaining: 10,
  limitPerMember: 1,
  memberRedemptions: 0,
  minRankCode: null,
  startsAt: null,
  endsAt: null,
  ...overrides,
});
const member = { points: 200, rank: 'P8' as const };

describe('reward eligibility', () => {
  it('lets a member with the points, the rank and no redemption yet redeem an open reward in stock', () => {
    expect(getRewardBlock(reward(), member, now)).toBeNull();
    expect(getRewardBlock(reward({ remaining: null, limitPerMember: null }), member, now)).toBeNull();
  });

  it('names each reason, in order: not yet open, closed, sold out, limit reached, rank needed, points missing', () => {
    expect(getRewardBlock(reward({ startsAt: '2026-11-27T12:00:01Z', remaining: 0 }), member, now)).toBe('not-yet-open');
    expect(getRewardBlock(reward({ endsAt: '2026-11-27T12:00:00Z', remaining: 0 }), member, now)).toBe('closed');
    expect(getRewardBlock(reward({ remaining: 0, memberRedemptions: 1 }), member, now)).toBe('sold-out');
    expect(getRewardBlock(reward({ memberRedemptions: 1, minRankCode: 'P1' }), member, now)).toBe('limit-reached');
    expect(getRewardBlock(reward({ minRankCode: 'P7', cost: 5000 }), member, now)).toBe('rank-needed');
    expect(getRewardBlock(reward({ cost: 201 }), member, now)).toBe('points-missing');
  });

  it('opens at startsAt and closes at endsAt', () => {
    expect(getRewardBlock(reward({ startsAt: '2026-11-27T12:00:00Z', endsAt: '2026-11-27T12:00:01Z' }), member, now)).toBeNull();
  });

  it('counts the points missing and compares ranks on the ladder', () => {
    expect(pointsMissing({ cost: 300 }, 120)).toBe(180);
    expect(pointsMissing({ cost: 300 }, 500)).toBe(0);
    expect(holdsRank('P8', 'P8')).toBe(true);
    expect(holdsRank('P8', 'P9')).toBe(false);
    expect(holdsRank('P8', 'P1')).toBe(true);
    expect(holdsRank(null, 'P10')).toBe(true);
  });
});

describe('redemption statuses', () => {
  it('reveals a code at once and lets a pickup or shipping item wait for the operators', () => {
    expect(initialRedemptionStatus('code')).toBe('fulfilled');
    expect(initialRedemptionStatus('pickup')).toBe('pending');
    expect(initialRedemptionStatus('shipping')).toBe('pending');
  });

  it('offers operators only the moves of each kind, none once cancelled or done', () => {
    expect(nextRedemptionStatuses('pickup', 'pending')).toEqual(['ready', 'fulfilled', 'cancelled']);
    expect(nextRedemptionStatuses('pickup', 'ready')).toEqual(['fulfilled', 'cancelled']);
    expect(nextRedemptionStatuses('shipping', 'pending')).toEqual(['shipped', 'cancelled']);
    expect(nextRedemptionStatuses('shipping', 'shipped')).toEqual(['fulfilled', 'cancelled']);
    expect(nextRedemptionStatuses('code', 'fulfilled')).toEqual(['cancelled']);
    expect(nextRedemptionStatuses('pickup', 'fulfilled')).toEqual([]);
    expect(nextRedemptionStatuses('code', 'cancelled')).toEqual([]);
  });

  it('lets a member cancel only what nobody handled yet', () => {
    expect(memberMayCancel('pending')).toBe(true);
    expect(['ready', 'shipped', 'fulfilled', 'cancelled'].map((s) => memberMayCancel(s as never))).toEqual([false, false, false, false]);
  });
});

describe('code lists', () => {
  it('reads pasted codes and a CSV first column, skipping blanks, the header and repeats', () => {
    expect(parseCodeList('ABC-1\r\n\n  ABC-2  \nABC-1')).toEqual(['ABC-1', 'ABC-2']);
    expect(parseCodeList('code,expires\n"Q,1""X",2027-01-01\nR2;2027-01-01\nS3\t2027')).toEqual(['Q,1"X', 'R2', 'S3']);
    expect(parseCodeList('')).toEqual([]);
  });
});
