/**
 * The referral code's format: 8 characters of an alphabet without look-alikes; typed codes are
 * upper-cased, spaces and dashes dropped. Without zod, so the first screen can keep a code from a link (`?ref=`)
 * without loading zod.
 */

/** Length of a referral code. */
export const REFERRAL_CODE_LENGTH = 8;

/** The code alphabet: digits and capitals without the look-alikes 0, 1, I, L, O, U. */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A referral code as typed or pasted, normalised: upper-cased, spaces and dashes removed. */
export function normalizeReferralCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** True when `code` (already normalised) has the referral code's shape. */
export function isReferralCode(code: string): boolean {
  return code.length === REFERRAL_CODE_LENGTH && [...code].every((ch) => REFERRAL_CODE_ALPHABET.includes(ch));
}
