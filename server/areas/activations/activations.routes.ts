/**
 * Activation routes (spec §3, §6-§7), mounted at `/api/activations` behind authentication and
 * Idempotency-Key:
 * - `GET /list`: the organization's activations with their badges (organization-key bearer or member).
 * - `GET /{id}`: by id or slug; `data` is a list of one (the client uses the first item); 404 unknown.
 * - `POST /activate-user {slug}`: members; inside `startsAt`..`stopsAt` (else 422 NotLive) the member gets
 *   the activation's badges and points once (201); again -> 200 `created: false`, nothing changes.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Activation, ActivateUserResult, Badge } from '../../../src/contracts/activation';
import {
  ActivateUserResponseSchema,
  ActivateUserSchema,
  ActivationDetailResponseSchema,
  ActivationListResponseSchema,
} from '../../../src/contracts/activation';
import { PathIdSchema } from '../../../src/contracts/common';
import { activations, activationUsers, badges, userBadges } from '../../db/schema/activations';
import { awardPoints } from '../../kernel/ledger';
import { ApiError, notFound } from '../../lib/errors';
import { pathId, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireUser } from '../../kernel/authenticate';
import { isUuid, languageOf, localized, type ContentLanguage } from '../../lib/localize';

type ActivationRow = typeof activations.$inferSelect;
type BadgeRow = typeof badges.$inferSelect;

function toBadge(b: BadgeRow, language: ContentLanguage): Badge {
  return {
    id: b.id,
    slug: b.slug,
    ...localized({ name: b.name, description: b.description }, b.translations, language),
    mediaId: b.mediaId,
  };
}

function toActivation(a: ActivationRow, bs: BadgeRow[], language: ContentLanguage): Activation {
  return {
    id: a.id,
    slug: a.slug,
    ...localized({ title: a.title, description: a.description }, a.translations, language),
    startsAt: a.startsAt.toISOString(),
    stopsAt: a.stopsAt?.toISOString() ?? null,
    mediaId: a.mediaId,
    value: a.value,
    badges: bs.filter((b) => b.activationId === a.id).map((b) => toBadge(b, language)),
  };
}

/** Builds the activation route group for one app. */
export function activationRoutes(deps: AppDeps) {
  const { db } = deps;
  const load = async (organizationId: string, where?: { idOrSlug: string }) => {
    const rows = await db
      .select()
      .from(activations)
      .where(
        and(
          eq(activations.organizationId, organizationId),
          // Fans never see a draft or an archived activation (src/rules/content-status.ts `isPublished`).
          isNull(activations.archivedAt),
          eq(activations.draft, false),
          where ? (isUuid(where.idOrSlug) ? eq(activations.id, where.idOrSlug) : eq(activations.slug, where.idOrSlug)) : undefined,
        ),
      )
      .orderBy(asc(activations.startsAt));
    const bs = rows.length
      ? await db
          .select()
          .from(badges)
          .where(
            inArray(
              badges.activationId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(badges.slug))
      : [];
    return { rows, badges: bs };
  };

  return new Hono<AppEnv>()
    .get(
      '/list',
      documented({
        summary: "The organization's activations with their badges",
        tags: ['activations'],
        auth: 'visitor-or-member',
        response: ActivationListResponseSchema,
      }),
      async (c) => {
        const { rows, badges: bs } = await load(c.get('principal').organization.id);
        return sendData(
          c,
          rows.map((a) => toActivation(a, bs, languageOf(c))),
        );
      },
    )
    .post(
      '/activate-user',
      documented({
        summary: 'Activates an activation for the member: its badges and points, once',
        tags: ['activations'],
        body: ActivateUserSchema,
        response: ActivateUserResponseSchema,
        status: { 201: 'Activated now.', 200: 'Already activated (`created: false`); nothing changed.' },
        errors: {
          404: 'NotFound: no activation has this slug.',
          422: 'NotLive: outside startsAt..stopsAt (details: the window); ValidationFailed: the body breaks the contract.',
        },
      }),
      async (c) => {
        const { user, organization } = requireUser(c.get('principal'));
        const { slug } = await readJson(c, ActivateUserSchema);
        const language = languageOf(c);
        const now = deps.clock();
        const { rows, badges: bs } = await load(organization.id, { idOrSlug: slug });
        const activation = rows[0];
        if (!activation) throw notFound('Activation not found');
        if (activation.startsAt > now || (activation.stopsAt !== null && activation.stopsAt <= now)) {
          throw new ApiError(422, 'NotLive', 'This activation is not running', {
            startsAt: activation.startsAt.toISOString(),
            stopsAt: activation.stopsAt?.toISOString() ?? null,
          });
        }
        const result: ActivateUserResult = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(activationUsers)
            .values({ activationId: activation.id, userId: user.id, pointsAwarded: activation.value, createdAt: now })
            .onConflictDoNothing()
            .returning();
          if (created) {
            if (bs.length) {
              await tx
                .insert(userBadges)
                .values(bs.map((b) => ({ userId: user.id, badgeId: b.id, createdAt: now })))
                .onConflictDoNothing();
            }
            if (activation.value > 0) {
              await awardPoints(tx, {
                userId: user.id,
                amount: activation.value,
                reason: 'activation',
                reference: `activation:${activation.id}`,
                label: activation.title,
                at: now,
              });
            }
          }
          const [row] = created
            ? [created]
            : await tx
                .select()
                .from(activationUsers)
                .where(and(eq(activationUsers.activationId, activation.id), eq(activationUsers.userId, user.id)));
          return {
            slug: activation.slug,
            badges: bs.map((b) => toBadge(b, language)),
            pointsAwarded: row?.pointsAwarded ?? 0,
            created: Boolean(created),
          };
        });
        return sendData(c, result, result.created ? 201 : 200);
      },
    )
    .get(
      '/:id',
      documented({
        summary: 'One activation by id or slug, as a list of one',
        tags: ['activations'],
        auth: 'visitor-or-member',
        params: { id: PathIdSchema },
        response: ActivationDetailResponseSchema,
        errors: { 404: 'NotFound: no activation has this id or slug.' },
      }),
      async (c) => {
        const { rows, badges: bs } = await load(c.get('principal').organization.id, { idOrSlug: pathId(c, 'id', 'Activation not found') });
        if (!rows.length) throw notFound('Activation not found');
        return sendData(
          c,
          rows.map((a) => toActivation(a, bs, languageOf(c))),
        );
      },
    );
}
