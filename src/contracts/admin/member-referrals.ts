/**
 * `GET /api/admin/members/{id}/referrals` (member care): who referred the member and whom they
 * referred (newest first, at most 100), with when each claim was made and rewarded.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from '../common';

const ReferralPartySchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  claimedAt: TimestampSchema,
  /** When both were rewarded (after the newcomer's first check-in or answer); null while pending. */
  rewardedAt: TimestampSchema.nullable(),
});

export const MemberReferralsSchema = z.object({
  referredBy: ReferralPartySchema.nullable(),
  /** `referrerPoints`: what the member earned for this friend (0 past the monthly limit; null while pending). */
  referred: z.array(ReferralPartySchema.extend({ referrerPoints: z.number().int().nullable() })),
});
export type MemberReferrals = z.infer<typeof MemberReferralsSchema>;
export const MemberReferralsResponseSchema = envelope(MemberReferralsSchema);
