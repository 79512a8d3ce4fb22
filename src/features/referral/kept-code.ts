/**
 * The referral code a visitor arrived with (`/?ref={code}`), kept in localStorage under
 * `podium.referral.code` so it survives the e-mail round trip of sign-in and a reload; claimed after the first
 * sign-in (`ReferralClaimer`), then forgotten. Only a well-formed code is kept; a later link replaces an earlier one.
 */
import { isReferralCode, normalizeReferralCode } from '../../contracts/referral-code';
import { localStore } from '../../platform/local-storage';

const KEPT_REFERRAL_CODE_KEY = 'podium.referral.code';

/** Keeps the `ref` parameter of `search` (a URL's query string, with or without `?`) when it is a referral code. */
export function keepReferralCodeFrom(search: string): void {
  if (!search.includes('ref=')) return;
  const ref = new URLSearchParams(search).get('ref');
  if (ref === null) return;
  const code = normalizeReferralCode(ref);
  if (isReferralCode(code)) localStore()?.setItem(KEPT_REFERRAL_CODE_KEY, code);
}

/** The kept code, or null. */
export function keptReferralCode(): string | null {
  return localStore()?.getItem(KEPT_REFERRAL_CODE_KEY) ?? null;
}

/** Forgets the kept code. */
export function forgetReferralCode(): void {
  localStore()?.removeItem(KEPT_REFERRAL_CODE_KEY);
}
