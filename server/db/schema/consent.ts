/**
 * Consents an organization asks for (marketing e-mails, partner offers, analytics) and each member's
 * answer (spec §3 Consent, value 0|1). No answer = 0 (nothing is consented by default).
 */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** Translated consent texts. */
export type ConsentTranslation = { name?: string; description?: string };

export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Stable key, the wire `id` (e.g. `marketing-emails`). */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    translations: jsonb('translations').$type<Record<string, ConsentTranslation>>().notNull().default({}),
  },
  (t) => [uniqueIndex('consents_org_key_uq').on(t.organizationId, t.key)],
);

export const userConsents = pgTable(
  'user_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentId: uuid('consent_id')
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    /** Context the client sent with the answer (`data` of the PATCH body). */
    data: jsonb('data').$type<Record<string, unknown>>(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_consents_user_consent_uq').on(t.userId, t.consentId),
    check('user_consents_value_01', sql`${t.value} in (0, 1)`),
  ],
);
