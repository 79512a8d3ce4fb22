/**
 * Referral wire format: the member's invite (`GET /user/me/referral`), a newcomer's claim
 * (`POST /user/me/referral/claim`); the code's format is in `./referral-code.ts`.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from './common';
import { isReferralCode, normalizeReferralCode, REFERRAL_CODE_LENGTH } from './referral-code';

/** A referral code in a request: normalised, then checked against the shape. */
const ReferralCodeSchema = z
  .string()
  .max(32)
  .transform(normalizeReferralCode)
  .refine(isReferralCode, `A referral code is ${REFERRAL_CODE_LENGTH} letters and digits`);

/** `GET /user/me/referral`: the member's code and invite link, and how many friends joined with it. */
export const ReferralSummarySchema = z.object({
  code: z.string(),
  /** `{app origin}/?ref={code}`. */
  url: z.string(),
  /** Friends who claimed the code. */
  invited: z.number().int().nonnegative(),
  /** Of them, those whose referral was rewarded (after their first check-in or answer). */
  rewarded: z.number().int().nonnegative(),
  /** Points each side earns, as the organization set them. */
  points: z.number().int().nonnegative(),
  /** This member's own claim of a friend's code, when they made one: when, and whether it was rewarded yet. */
  referredBy: z.object({ claimedAt: TimestampSchema, rewarded: z.boolean() }).nullable(),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;
export const ReferralSummaryResponseSchema = envelope(ReferralSummarySchema);

/** `POST /user/me/referral/claim` body. */
export const ReferralClaimSchema = z.object({ code: ReferralCodeSchema }).strict();

/** The recorded claim: rewarded at once when the newcomer had already checked in or answered. */
export const ReferralClaimResultSchema = z.object({
  referralId: z.string(),
  claimedAt: TimestampSchema,
  rewarded: z.boolean(),
});
export type ReferralClaimResult = z.infer<typeof ReferralClaimResultSchema>;
export const ReferralClaimResultResponseSchema = envelope(ReferralClaimResultSchema);
