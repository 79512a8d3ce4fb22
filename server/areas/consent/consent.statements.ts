/**
 * The consent area's prepared statement: every consent still offered by an organization with one member's answer,
 * read by every app start of a signed-in fan. Built once per app by the service (`deps.prepared`).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepareQueries } from '../../db/runtime';
import { consents, userConsents } from '../../db/schema/consent';

/** `{organizationId, userId}` -> `{consent, answer}` rows in display order (an archived consent is no longer offered). */
export function prepareConsentStatements(db: Db) {
  return prepareQueries(db, (db, name) => {
    return {
      memberConsents: db
        .select({ consent: consents, answer: userConsents })
        .from(consents)
        .leftJoin(userConsents, and(eq(userConsents.consentId, consents.id), eq(userConsents.userId, sql.placeholder('userId'))))
        .where(and(eq(consents.organizationId, sql.placeholder('organizationId')), isNull(consents.archivedAt)))
        .orderBy(asc(consents.sortOrder))
        .prepare(name('podium_consents_of_user')),
    };
  });
}
