/**
 * Referral rules (decision 0092), one home for the server and the app. Pure.
 * - A referral code is random (never derived from the member's id); its format is in `src/contracts/referral.ts`.
 * - A newcomer may claim a code within `REFERRAL_CLAIM_WINDOW_DAYS` days of joining, once, and never their own.
 * - The referrer's reward counts toward a monthly limit (rewarded referrals per referrer per calendar month in the
 *   organization's time zone); past it the newcomer is still rewarded, the referrer is not.
 */
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '../contracts/referral-code';

/** Days after joining during which a newcomer may claim a referral code. */
const REFERRAL_CLAIM_WINDOW_DAYS = 14;

/**
 * Builds a referral code from random bytes (at least `REFERRAL_CODE_LENGTH`; the caller draws them from a
 * cryptographic source). Each byte picks a letter by rejection-free modulo: the small bias (256 mod 30) is harmless
 * because codes are not secrets, only not guessable from the member's id.
 */
export function referralCodeFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new RangeError(`need ${REFERRAL_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += REFERRAL_CODE_ALPHABET[bytes[i] % REFERRAL_CODE_ALPHABET.length];
  return code;
}

/** Builds the invite link `{origin}/?ref={code}`. */
export function referralUrl(origin: string, code: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('ref', code);
  return url.toString();
}

/** Why a claim is refused: the `error.code` of the 4xx the API answers. */
export type ReferralRefusal = 'ReferralOwnCode' | 'ReferralAlreadyClaimed' | 'ReferralWindowClosed' | 'ReferralUnknownCode';

/**
 * Judges a claim.
 * @param claim `newcomerId` and when they joined, the code's owner (`referrerId`, null when no member has the code),
 *   whether the newcomer was already referred, and `now`
 * @returns null when the claim may be recorded, else the refusal (own code first, then already referred, then the
 *   window, then an unknown code)
 */
export function referralClaimRefusal(claim: {
  newcomerId: string;
  joinedAt: Date;
  referrerId: string | null;
  alreadyReferred: boolean;
  now: Date;
}): ReferralRefusal | null {
  if (claim.referrerId === claim.newcomerId) return 'ReferralOwnCode';
  if (claim.alreadyReferred) return 'ReferralAlreadyClaimed';
  if (!isWithinClaimWindow(claim.joinedAt, claim.now)) return 'ReferralWindowClosed';
  if (claim.referrerId === null) return 'ReferralUnknownCode';
  return null;
}

/** True while `now` is within `REFERRAL_CLAIM_WINDOW_DAYS` days (exactly, in hours) of `joinedAt`. */
export function isWithinClaimWindow(joinedAt: Date, now: Date): boolean {
  return now.getTime() - joinedAt.getTime() <= REFERRAL_CLAIM_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}

/** The month a reward counts toward: `YYYY-MM` of the organization's calendar day `day` (`YYYY-MM-DD`). */
export function referralMonth(day: string): string {
  return day.slice(0, 7);
}

/**
 * True when the referrer may still be rewarded this month: `rewardedThisMonth` rewards already counted, against the
 * organization's `monthlyLimit` (0 = referrers earn nothing).
 */
export function referrerMayBeRewarded(rewardedThisMonth: number, monthlyLimit: number): boolean {
  return rewardedThisMonth < monthlyLimit;
}
