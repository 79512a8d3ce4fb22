/**
 * Organization content of the rewards screens, written by operators: the rewards carousel's cards (spec §2-§3
 * "Reward / carousel card") and the benefits each rank unlocks (decision 0024).
 */
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RankCode } from '../../../src/contracts/organization';
import { archivedAt, createdAt, draft, itemKey, sortOrder, timestamptz, translations, updatedAt } from './columns';
import { organizationRow } from './organizations';

/** Translated card texts. */
export type CarouselCardTranslation = { title?: string; description?: string; cta?: string };

export const carouselCards = pgTable(
  'carousel_cards',
  {
    ...organizationRow(),
    /** Stable key: the wire `id` (a member's dismissal names it). */
    key: itemKey().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Call-to-action label. */
    cta: text('cta').notNull().default(''),
    /** In-app path (starts with `/`) or absolute https URL (e.g. the club's store). */
    url: text('url').notNull(),
    mediaId: uuid('media_id'),
    /** Icon drawn on the card: play, gift, trophy, shirt or car. */
    icon: text('icon').notNull().default('gift'),
    /** Points shown on the card; 0 hides the badge. */
    points: integer('points').notNull().default(0),
    /** Members under 18 may not use the card (spec §6). */
    underageGate: boolean('underage_gate').notNull().default(false),
    /** A sponsored card, shown with an "Ad" label. */
    isAd: boolean('is_ad').notNull().default(false),
    startsAt: timestamptz('starts_at'),
    stopsAt: timestamptz('stops_at'),
    sortOrder: sortOrder(),
    translations: translations<CarouselCardTranslation>(),
    archivedAt: archivedAt(),
    draft: draft(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carousel_cards_org_key_uq').on(t.organizationId, t.key)],
);

/** Translated benefit texts. */
export type BenefitTranslation = { title?: string; description?: string };

export const benefits = pgTable(
  'benefits',
  {
    ...organizationRow(),
    key: itemKey(),
    /** The lowest rank that holds this benefit (every higher rank holds it too). */
    rankCode: text('rank_code').$type<RankCode>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id'),
    sortOrder: sortOrder(),
    translations: translations<BenefitTranslation>(),
    archivedAt: archivedAt(),
    draft: draft(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('benefits_org_key_uq').on(t.organizationId, t.key), index('benefits_org_rank_idx').on(t.organizationId, t.rankCode)],
);
