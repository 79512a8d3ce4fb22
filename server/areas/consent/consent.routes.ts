/**
 * Consent routes (spec §3, §7-§8), mounted at `/api/consent` behind authentication and Idempotency-Key,
 * members only:
 * - `GET /user`: every consent of the organization with the member's answer (0 when never answered).
 * - `PATCH /user/{id} {consentId, value, data}`: `{id}` is the consent's key or its `consentId`; the body's
 *   `consentId` must name the same consent (else 422). Stores the answer and answers the updated Consent.
 *   404 unknown consent.
 */
import { ambientPrepared } from '../../db/request-transaction';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Consent } from '../../../src/contracts/consent';
import { PathIdSchema } from '../../../src/contracts/common';
import { ConsentListResponseSchema, ConsentResponseSchema, ConsentUpdateSchema } from '../../../src/contracts/consent';
import { consents, userConsents } from '../../db/schema/consent';
import { notFound, validationFailed } from '../../lib/errors';
import { pathId, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireUser } from '../../kernel/authenticate';
import { isUuid, languageOf, localized, type ContentLanguage } from '../../lib/localize';

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

/** Builds the consent route group for one app. */
export function consentRoutes(deps: AppDeps) {
  const { db } = deps;
  const { list } = ambientPrepared({
    list: db
      .select({ consent: consents, answer: userConsents })
      .from(consents)
      .leftJoin(userConsents, and(eq(userConsents.consentId, consents.id), eq(userConsents.userId, sql.placeholder('userId'))))
      // An archived consent is no longer offered (members' answers stay).
      .where(and(eq(consents.organizationId, sql.placeholder('organizationId')), isNull(consents.archivedAt)))
      .orderBy(asc(consents.sortOrder))
      .prepare('podium_consents_of_user'),
  });

  return new Hono<AppEnv>()
    .get(
      '/user',
      documented({
        summary: "Every consent of the organization with the member's answer",
        tags: ['consent'],
        response: ConsentListResponseSchema,
      }),
      async (c) => {
        const { user, organization } = requireUser(c.get('principal'));
        const rows = await list.execute({ organizationId: organization.id, userId: user.id });
        return sendData(
          c,
          rows.map((r) => toConsent(r.consent, r.answer, languageOf(c))),
        );
      },
    )
    .patch(
      '/user/:id',
      documented({
        summary: "Stores the member's answer to one consent",
        tags: ['consent'],
        params: { id: PathIdSchema },
        body: ConsentUpdateSchema,
        response: ConsentResponseSchema,
        errors: {
          404: 'NotFound: no consent has this key or id.',
          422: 'ValidationFailed: the body breaks the contract, or its consentId names another consent than the path.',
        },
      }),
      async (c) => {
        const { user, organization } = requireUser(c.get('principal'));
        const id = pathId(c, 'id', 'Consent not found');
        const body = await readJson(c, ConsentUpdateSchema);
        const [consent] = await db
          .select()
          .from(consents)
          .where(
            and(
              eq(consents.organizationId, organization.id),
              isNull(consents.archivedAt),
              isUuid(id) ? or(eq(consents.id, id), eq(consents.key, id)) : eq(consents.key, id),
            ),
          );
        if (!consent) throw notFound('Consent not found');
        if (body.consentId !== consent.id && body.consentId !== consent.key) {
          throw validationFailed('consentId does not match the consent in the path', [
            { path: 'consentId', message: 'Does not match the path' },
          ]);
        }
        const now = deps.clock();
        const [answer] = await db.transaction((tx) =>
          tx
            .insert(userConsents)
            .values({ userId: user.id, consentId: consent.id, value: body.value, data: body.data ?? null, updatedAt: now })
            .onConflictDoUpdate({
              target: [userConsents.userId, userConsents.consentId],
              set: { value: body.value, data: body.data ?? null, updatedAt: now },
            })
            .returning(),
        );
        return sendData(c, toConsent(consent, answer, languageOf(c)));
      },
    );
}
