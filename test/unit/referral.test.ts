/** The referral rules: code format, the claim's refusals and window, the monthly limit. */
import { describe, expect, it } from 'vitest';
import { isReferralCode, normalizeReferralCode, REFERRAL_CODE_ALPHABET } from '../../src/contracts/referral-code';
import { ReferralClaimSchema } from '../../src/contracts/referral';
import {
  isWithinClaimWindow,
  referralClaimRefusal,
  referralCodeFromBytes,
  referralMonth,
  referralUrl,
  referrerMayBeRewarded,
} from '../../src/rules/referral';

const DAY = 24 * 60 * 60 * 1000;
const joinedAt = new Date('2026-05-01T12:00:00Z');
const claim = (over: Partial<Parameters<typeof referralClaimRefusal>[0]> = {}) =>
  referralClaimRefusal({
    newcomerId: 'n',
    joinedAt,
    referrerId: 'r',
    alreadyReferred: false,
    now: new Date(joinedAt.getTime() + DAY),
    ...over,
  });

describe('referral codes', () => {
  it('are 8 characters without look-alikes, typed in any case with spaces or dashes', () => {
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[01ILOU]/);
    const code = referralCodeFromBytes([0, 1, 2, 29, 30, 255, 128, 64]);
    expect(isReferralCode(code)).toBe(true);
    expect(normalizeReferralCode(` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `)).toBe(code);
    expect(ReferralClaimSchema.safeParse({ code: 'ab2c-d3e0' }).success).toBe(false);
    expect(ReferralClaimSchema.safeParse({ code: 'ab2c-d3eg' }).success).toBe(true);
    expect(isReferralCode('ABCDEFG0')).toBe(false);
  });

  it('need 8 random bytes', () => {
    expect(() => referralCodeFromBytes([1, 2, 3])).toThrow(RangeError);
  });

  it('make the link /?ref={code} on the app origin', () => {
    expect(referralUrl('https://fans.example.com', 'ABCD2345')).toBe('https://fans.example.com/?ref=ABCD2345');
  });
});

describe('a claim', () => {
  it('is accepted from a friend in the first 14 days', () => {
    expect(claim()).toBeNull();
    expect(claim({ now: new Date(joinedAt.getTime() + 14 * DAY) })).toBeNull();
  });
  it("is refused for one's own code, a second claim, after 14 days, or a code nobody has, in that order", () => {
    expect(claim({ referrerId: 'n', alreadyReferred: true })).toBe('ReferralOwnCode');
    expect(claim({ alreadyReferred: true, now: new Date(joinedAt.getTime() + 30 * DAY) })).toBe('ReferralAlreadyClaimed');
    expect(claim({ now: new Date(joinedAt.getTime() + 14 * DAY + 1) })).toBe('ReferralWindowClosed');
    expect(claim({ referrerId: null })).toBe('ReferralUnknownCode');
    expect(isWithinClaimWindow(joinedAt, new Date(joinedAt.getTime() + 15 * DAY))).toBe(false);
  });
});

describe('the monthly limit', () => {
  it('counts rewards per calendar month of the organization', () => {
    expect(referralMonth('2026-05-31')).toBe('2026-05');
    expect(referrerMayBeRewarded(9, 10)).toBe(true);
    expect(referrerMayBeRewarded(10, 10)).toBe(false);
    expect(referrerMayBeRewarded(0, 0)).toBe(false);
  });
});
