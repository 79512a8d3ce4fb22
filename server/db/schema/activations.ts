/**
 * Activations (branded campaigns, spec §3) with their badges, and who activated what. A member activates
 * an activation at most once (unique row), inside its window, and then holds its badges.
 */
import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** Translated activation / badge texts. */
export type ActivationTranslation = { title?: string; description?: string };
export type BadgeTranslation = { name?: string; description?: string };

export const activations = pgTable(
  'activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamptz('starts_at').notNull(),
    /** Null = no end. */
    stopsAt: timestamptz('stops_at'),
    mediaId: uuid('media_id'),
    /** Points awarded on activation (ledger reference `activation:<id>`). */
    value: integer('value').notNull().default(0),
    translations: jsonb('translations').$type<Record<string, ActivationTranslation>>().notNull().default({}),
  },
  (t) => [uniqueIndex('activations_org_slug_uq').on(t.organizationId, t.slug)],
);

export const badges = pgTable(
  'badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activationId: uuid('activation_id')
      .notNull()
      .references(() => activations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id'),
    translations: jsonb('translations').$type<Record<string, BadgeTranslation>>().notNull().default({}),
  },
  (t) => [uniqueIndex('badges_activation_slug_uq').on(t.activationId, t.slug)],
);

export const activationUsers = pgTable(
  'activation_users',
  {
    activationId: uuid('activation_id')
      .notNull()
      .references(() => activations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pointsAwarded: integer('points_awarded').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activation_users_activation_user_uq').on(t.activationId, t.userId)],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_badges_user_badge_uq').on(t.userId, t.badgeId)],
);
