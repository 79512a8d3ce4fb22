/**
 * Referrals (decision 0092): each member's referral code, given once, and each claim of a code by a newcomer, with
 * its reward once the newcomer first checked in or answered.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamptz } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** One referral code per member, random, unique in the organization. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: belongsTo('organization_id', () => organizations.id),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_codes_org_code_uq').on(t.organizationId, t.code)],
);

/**
 * A newcomer's claim of a referrer's code: one per newcomer (the unique index makes a second or concurrent claim
 * fail). `rewardedAt` is set once, when both sides were rewarded (`referrerPoints` 0 past the monthly limit);
 * `rewardMonth` is the organization's `YYYY-MM` the referrer's reward counted toward.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    organizationId: belongsTo('organization_id', () => organizations.id),
    referrerId: belongsTo('referrer_id', () => users.id),
    newcomerId: belongsTo('newcomer_id', () => users.id),
    code: text('code').notNull(),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
    rewardedAt: timestamptz('rewarded_at'),
    referrerPoints: integer('referrer_points'),
    newcomerPoints: integer('newcomer_points'),
    rewardMonth: text('reward_month'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referrals_newcomer_uq').on(t.newcomerId),
    index('referrals_referrer_idx').on(t.referrerId, t.rewardMonth),
    /** The console's figures: referrals claimed and rewarded in a period. */
    index('referrals_org_claimed_idx').on(t.organizationId, t.claimedAt),
    index('referrals_org_rewarded_idx').on(t.organizationId, t.rewardedAt),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.newcomerId}`),
  ],
);
