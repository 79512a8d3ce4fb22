/**
 * Consents an organization asks for (marketing e-mails, partner offers, analytics) and each member's
 * answer (spec §3 Consent, value 0|1). No answer = 0 (nothing is consented by default).
 */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, sortOrder, timestamptz, translations, archivedAt, updatedAt } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

/** Translated consent texts. */
export type ConsentTranslation = { name?: string; description?: string };

export const consents = pgTable(
  'consents',
  {
    ...organizationRow(),
    /** Stable key, the wire `id` (e.g. `marketing-emails`). */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: sortOrder(),
    translations: translations<ConsentTranslation>(),
    /** Withdrawn consents are no longer offered; members' answers stay. */
    archivedAt: archivedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('consents_org_key_uq').on(t.organizationId, t.key)],
);

export const userConsents = pgTable(
  'user_consents',
  {
    userId: belongsTo('user_id', () => users.id),
    consentId: belongsTo('consent_id', () => consents.id),
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
