/**
 * Activations (branded campaigns, spec §3) with their badges, and who activated what. A member activates
 * an activation at most once (unique row), inside its window, and then holds its badges.
 */
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamptz, translations, archivedAt, draft, updatedAt } from './columns';
import { awardColumns } from './awards';
import { organizationRow } from './organizations';
import { users } from './users';

/** Translated activation / badge texts. */
export type ActivationTranslation = { title?: string; description?: string };
export type BadgeTranslation = { name?: string; description?: string };

export const activations = pgTable(
  'activations',
  {
    ...organizationRow(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamptz('starts_at').notNull(),
    /** Null = no end. */
    stopsAt: timestamptz('stops_at'),
    mediaId: uuid('media_id'),
    /** Points awarded on activation (ledger reference `activation:<id>`). */
    value: integer('value').notNull().default(0),
    translations: translations<ActivationTranslation>(),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('activations_org_slug_uq').on(t.organizationId, t.slug)],
);

export const badges = pgTable(
  'badges',
  {
    id: id(),
    activationId: belongsTo('activation_id', () => activations.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id'),
    translations: translations<BadgeTranslation>(),
  },
  (t) => [uniqueIndex('badges_activation_slug_uq').on(t.activationId, t.slug)],
);

export const activationUsers = pgTable(
  'activation_users',
  { activationId: belongsTo('activation_id', () => activations.id), ...awardColumns() },
  (t) => [uniqueIndex('activation_users_activation_user_uq').on(t.activationId, t.userId)],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: belongsTo('user_id', () => users.id),
    badgeId: belongsTo('badge_id', () => badges.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_badges_user_badge_uq').on(t.userId, t.badgeId)],
);
