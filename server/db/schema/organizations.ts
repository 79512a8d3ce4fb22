/**
 * Organizations (tenants) and their ranks. Every other row belongs to one organization; the request's
 * principal fixes which organization a request may reach (ARCHITECTURE §3).
 */
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CarsPage } from '../../../src/contracts/admin/cars-page';
import type { RankCode } from '../../../src/contracts/organization';
import { belongsTo, createdAt, id, translations } from './columns';

/** One step of the check-in reward cycle: streak day (1-based) -> points. */
export type CheckinRewardRow = { day: number; points: number };

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    /** Short name of the installed app (web app manifest `short_name`), at most 12 characters shown. */
    shortName: text('short_name'),
    /** Language of members whose browser asks for none of the supported ones: `en` or `fr`. */
    defaultLanguage: text('default_language').notNull().default('en'),
    /** E-mail domains whose members are flagged internal for analytics (spec §5). */
    internalEmailDomains: jsonb('internal_email_domains').$type<string[]>().notNull().default([]),
    /** Translated texts of the organization (`{fr: {name}}`). */
    translations: translations<{ name?: string; shortName?: string }>(),
    /** Public key: the visitor bearer (not a secret, it ships in /config.json). */
    publicKey: text('public_key').notNull(),
    /** Sent back by clients in `x-org-token` after `GET /organization/current`. */
    token: text('token').notNull(),
    /** IANA time zone of the daily check-in. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** `#rrggbb` */
    brandColor: text('brand_color').notNull().default('#0055A4'),
    logoMediaId: uuid('logo_media_id'),
    /** The check-in reward ladder `{day, points}`, repeating; see `rewardForStreakDay` in src/rules/checkin.ts. */
    checkinRewards: jsonb('checkin_rewards').$type<CheckinRewardRow[]>().notNull().default([]),
    /** The cars page's content (decision 0025; src/contracts/admin/cars-page.ts), or null when there is none. */
    carsPage: jsonb('cars_page').$type<CarsPage>(),
    /** Days after the day they were earned that points expire (src/rules/points-expiry.ts); null = never. */
    pointsExpireAfterDays: integer('points_expire_after_days'),
    /** Points each side of a referral earns (decision 0092). */
    referralPoints: integer('referral_points').notNull().default(100),
    /** Rewarded referrals per referrer per calendar month (decision 0092); past it only the newcomer earns. */
    referralMonthlyLimit: integer('referral_monthly_limit').notNull().default(10),
    createdAt: createdAt(),
    /**
     * Raised by database triggers on every change of this row or of its ranks (migration 0003), whoever makes it:
     * server processes cache the organization and its ranks and re-read them when the version they see with a
     * request's session differs (`server/db/organization-cache.ts`).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [uniqueIndex('organizations_public_key_uq').on(t.publicKey)],
);

/**
 * `id` and `organization_id` of a row that belongs to one organization (most rows: the organization is the tenant
 * and its rows go with it), to spread first into the table's columns.
 */
export const organizationRow = () => ({
  id: id(),
  organizationId: belongsTo('organization_id', () => organizations.id),
});

export const ranks = pgTable(
  'ranks',
  {
    ...organizationRow(),
    /** P10 (lowest) .. P1 (highest). */
    code: text('code').$type<RankCode>().notNull(),
    title: text('title').notNull(),
    /** Lifetime points needed to hold this rank. */
    threshold: integer('threshold').notNull(),
    /** Translated titles, by language (`{fr: {title}}`). */
    translations: translations<{ title?: string }>(),
  },
  (t) => [
    uniqueIndex('ranks_org_code_uq').on(t.organizationId, t.code),
    index('ranks_org_threshold_idx').on(t.organizationId, t.threshold),
  ],
);
