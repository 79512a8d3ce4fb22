/**
 * `/api/admin/ranks`: the organization's ten ranks P10..P1. `GET /` lists them lowest first; `PATCH /{code}`
 * changes a rank's title, threshold and French title. The ladder after the change must pass `rankLadderProblems`
 * (src/rules/rank.ts: P10 at 0 points, thresholds strictly increasing up to P1), else 422 naming `threshold`.
 * Audit entity `ranks`, entity id the rank code. Fans see the change on their next request (the ranks' trigger
 * raises the organization's version).
 */
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  AdminRankListResponseSchema,
  AdminRankResponseSchema,
  AdminRankSchema,
  RankFieldsSchema,
  RankPatchSchema,
  type AdminRank,
} from '../../../src/contracts/admin/rank';
import { RankCodeSchema } from '../../../src/contracts/organization';
import { rankLadderProblems } from '../../../src/rules/rank';
import { ranks } from '../../db/schema';
import { changedFields, recordAudit, type Actor } from '../../kernel/audit';
import type { DbOrTx, Tx } from '../../db/client';
import { notFound, validationFailed } from '../../lib/errors';
import { parseWith, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv, RankRow } from '../../lib/app-env';
import { requireOperator } from './operator';
import { readPatch } from './resource';

const toRank = (row: RankRow): AdminRank =>
  AdminRankSchema.parse({ code: row.code, title: row.title, threshold: row.threshold, translations: row.translations });

const fieldsOf = ({ title, threshold, translations }: AdminRank) => ({ title, threshold, translations });

/** The organization's ranks as the admin API answers them, lowest first. */
export async function listRanks(db: DbOrTx, organizationId: string): Promise<AdminRank[]> {
  const rows = await db.select().from(ranks).where(eq(ranks.organizationId, organizationId)).orderBy(asc(ranks.threshold));
  return rows.map(toRank);
}

/**
 * Replaces the titles, thresholds and translations of the ranks named in `items` (by code) in `tx`, checks the
 * whole ladder after the change, and writes one audit entry per changed rank.
 * @returns how many ranks changed
 * @throws ApiError 422 naming `<index>.threshold` when the ladder breaks the rank rule, `<index>.code` for an unknown code
 */
export async function saveRankLadder(tx: Tx, organizationId: string, items: AdminRank[], actor: Actor): Promise<number> {
  const ladder = await tx.select().from(ranks).where(eq(ranks.organizationId, organizationId)).for('update');
  const byCode = new Map(items.map((item) => [item.code, item]));
  const unknown = items.flatMap((item, i) =>
    ladder.some((r) => r.code === item.code) ? [] : [{ path: `${i}.code`, message: 'No such rank' }],
  );
  if (unknown.length) throw validationFailed('Invalid ranks', unknown);
  const problems = rankLadderProblems(ladder.map((r) => ({ name: r.code, threshold: byCode.get(r.code)?.threshold ?? r.threshold })));
  if (problems.length) {
    const at = (code: string | null) =>
      Math.max(
        0,
        items.findIndex((item) => item.code === code),
      );
    throw validationFailed(
      'Invalid ranks',
      problems.map((p) => ({ path: `${at(p.code)}.threshold`, message: p.code ? `${p.code}: ${p.message}` : p.message })),
    );
  }
  let changed = 0;
  for (const row of ladder) {
    const item = byCode.get(row.code);
    if (!item) continue;
    const before = fieldsOf(toRank(row));
    const diff = changedFields(before, fieldsOf(item));
    if (!Object.keys(diff.after).length) continue;
    await tx.update(ranks).set(fieldsOf(item)).where(eq(ranks.id, row.id));
    await recordAudit(tx, actor, { entity: 'ranks', entityId: row.code, action: 'update', ...diff });
    changed++;
  }
  return changed;
}

/** The rank routes, mounted at `/api/admin/ranks`. */
export function rankAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's ten ranks, lowest first",
        tags: ['admin'],
        auth: 'operator',
        response: AdminRankListResponseSchema,
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const rows = await deps.db.select().from(ranks).where(eq(ranks.organizationId, organization.id)).orderBy(asc(ranks.threshold));
        return sendData(c, rows.map(toRank));
      },
    )
    .patch(
      '/:code',
      documented({
        summary: "Changes a rank's title, threshold or French title",
        tags: ['admin'],
        auth: 'operator',
        params: { code: RankCodeSchema },
        body: RankPatchSchema,
        response: AdminRankResponseSchema,
        errors: {
          404: 'NotFound: not a rank code.',
          422: 'ValidationFailed: the body breaks the contract, or the ladder would break the rank rule (details name `threshold`).',
        },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const code = RankCodeSchema.safeParse(c.req.param('code'));
        if (!code.success) throw notFound('Rank not found');
        const patch = await readPatch(c, RankPatchSchema);
        const item = await deps.db.transaction(async (tx) => {
          const ladder = await tx.select().from(ranks).where(eq(ranks.organizationId, organization.id)).for('update');
          const existing = ladder.find((r) => r.code === code.data);
          if (!existing) throw notFound('Rank not found');
          const before = fieldsOf(toRank(existing));
          const fields = parseWith(RankFieldsSchema, { ...before, ...patch }, 'Invalid request body');
          const next = ladder.map((r) => ({ name: r.code, threshold: r.code === code.data ? fields.threshold : r.threshold }));
          const problems = rankLadderProblems(next);
          if (problems.length) {
            throw validationFailed(
              'Invalid request body',
              problems.map((p) => ({ path: 'threshold', message: p.code ? `${p.code}: ${p.message}` : p.message })),
            );
          }
          const [row] = await tx
            .update(ranks)
            .set(fields)
            .where(and(eq(ranks.id, existing.id), eq(ranks.organizationId, organization.id)))
            .returning();
          const diff = changedFields(before, fieldsOf(toRank(row)));
          if (Object.keys(diff.after).length)
            await recordAudit(tx, user, { entity: 'ranks', entityId: row.code, action: 'update', ...diff });
          return toRank(row);
        });
        return sendData(c, item);
      },
    );
}
