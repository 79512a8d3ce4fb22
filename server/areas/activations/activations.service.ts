/**
 * Activations (spec §3): branded campaigns an operator publishes with badges and points. Fans see the published ones
 * (neither drafts nor archived, rule `isPublished` of `src/rules/content-status.ts`); a member activates one inside
 * its window and gets its badges and points once (ledger reference `activation:<id>`).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Activation, ActivateUserResult, Badge } from '../../../src/contracts/activation';
import type { DbOrTx } from '../../db/client';
import { activations, activationUsers, badges, userBadges } from '../../db/schema/activations';
import { awardPoints } from '../../kernel/ledger';
import type { AppDeps } from '../../kernel/types';
import { ApiError, notFound } from '../../lib/errors';
import { localized, type ContentLanguage } from '../../lib/localize';
import { isUuid } from '../../lib/ids';

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

/** The published activations of `organizationId` (all, or the one with this id or slug), with their badges. */
async function load(db: DbOrTx, organizationId: string, where?: { idOrSlug: string }) {
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
}

/**
 * The published activations of `organizationId` with their badges, texts in `language`, by start; with `idOrSlug`,
 * the one it names (an empty list when none).
 */
export async function listActivations(
  deps: AppDeps,
  organizationId: string,
  language: ContentLanguage,
  idOrSlug?: string,
): Promise<Activation[]> {
  const { rows, badges: bs } = await load(deps.db, organizationId, idOrSlug === undefined ? undefined : { idOrSlug });
  return rows.map((a) => toActivation(a, bs, language));
}

/**
 * Activates the activation `slug` for the member `userId`: its badges and points once, in one transaction.
 * @returns the activation's badges and the points awarded; `created` false when it was activated before
 * @throws ApiError 404 NotFound (no such published activation), 422 NotLive outside `startsAt`..`stopsAt`
 */
export async function activateUser(
  deps: AppDeps,
  input: { userId: string; organizationId: string; slug: string; language: ContentLanguage },
): Promise<ActivateUserResult> {
  const { userId, organizationId, slug, language } = input;
  const now = deps.clock();
  const { rows, badges: bs } = await load(deps.db, organizationId, { idOrSlug: slug });
  const activation = rows[0];
  if (!activation) throw notFound('Activation not found');
  if (activation.startsAt > now || (activation.stopsAt !== null && activation.stopsAt <= now)) {
    throw new ApiError(422, 'NotLive', 'This activation is not running', {
      startsAt: activation.startsAt.toISOString(),
      stopsAt: activation.stopsAt?.toISOString() ?? null,
    });
  }
  const result: ActivateUserResult = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(activationUsers)
      .values({ activationId: activation.id, userId, pointsAwarded: activation.value, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (created) {
      if (bs.length) {
        await tx
          .insert(userBadges)
          .values(bs.map((b) => ({ userId, badgeId: b.id, createdAt: now })))
          .onConflictDoNothing();
      }
      if (activation.value > 0) {
        await awardPoints(tx, {
          userId,
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
          .where(and(eq(activationUsers.activationId, activation.id), eq(activationUsers.userId, userId)));
    return {
      slug: activation.slug,
      badges: bs.map((b) => toBadge(b, language)),
      pointsAwarded: row?.pointsAwarded ?? 0,
      created: Boolean(created),
    };
  });
  return result;
}
