/**
 * Consents (spec §3): what the organization asks members for, and each member's answer (0 until answered). An
 * archived consent is no longer offered; the answers given to it stay.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Consent, ConsentUpdate } from '../../../src/contracts/consent';
import { consents, userConsents } from '../../db/schema/consent';
import type { AppDeps } from '../../kernel/types';
import { notFound, validationFailed } from '../../lib/errors';
import { localized, type ContentLanguage } from '../../lib/localize';
import { prepareConsentStatements } from './consent.statements';
import { isUuid } from '../../lib/ids';

type ConsentRow = typeof consents.$inferSelect;
type UserConsentRow = typeof userConsents.$inferSelect;

function toConsent(row: ConsentRow, answer: UserConsentRow | null, language: ContentLanguage): Consent {
  const value = answer?.value === 1 ? 1 : 0;
  return {
    id: row.key,
    consentId: row.id,
    ...localized({ name: row.name, description: row.description }, row.translations, language),
    value,
    enabled: value === 1,
    updatedAt: answer?.updatedAt.toISOString() ?? null,
  };
}

/** Every consent `organizationId` offers, with the member `userId`'s answer, texts in `language`, in display order. */
export async function memberConsents(deps: AppDeps, organizationId: string, userId: string, language: ContentLanguage): Promise<Consent[]> {
  const rows = await deps.prepared(prepareConsentStatements).memberConsents.execute({ organizationId, userId });
  return rows.map((r) => toConsent(r.consent, r.answer, language));
}

/**
 * Stores the member's answer to the consent `id` (its key or its id) and answers the consent with it.
 * @throws ApiError 404 NotFound (no offered consent has this key or id), 422 ValidationFailed when the body's
 *   `consentId` names another consent than `id`
 */
export async function answerConsent(
  deps: AppDeps,
  input: { organizationId: string; userId: string; id: string; update: ConsentUpdate; language: ContentLanguage },
): Promise<Consent> {
  const { organizationId, userId, id, update, language } = input;
  const [consent] = await deps.db
    .select()
    .from(consents)
    .where(
      and(
        eq(consents.organizationId, organizationId),
        isNull(consents.archivedAt),
        isUuid(id) ? or(eq(consents.id, id), eq(consents.key, id)) : eq(consents.key, id),
      ),
    );
  if (!consent) throw notFound('Consent not found');
  if (update.consentId !== consent.id && update.consentId !== consent.key) {
    throw validationFailed('consentId does not match the consent in the path', [{ path: 'consentId', message: 'Does not match the path' }]);
  }
  const now = deps.clock();
  const [answer] = await deps.db.transaction((tx) =>
    tx
      .insert(userConsents)
      .values({ userId, consentId: consent.id, value: update.value, data: update.data ?? null, updatedAt: now })
      .onConflictDoUpdate({
        target: [userConsents.userId, userConsents.consentId],
        set: { value: update.value, data: update.data ?? null, updatedAt: now },
      })
      .returning(),
  );
  return toConsent(consent, answer, language);
}
