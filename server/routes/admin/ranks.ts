/**
 * `/api/admin/ranks`: the organization's ten ranks P10..P1. `GET /` lists them lowest first; `PATCH /{code}`
 * changes a rank's title, threshold and French title. The ladder after the change must pass `rankLadderProblems`
 * (src/rules/rank.ts: P10 at 0 points, thresholds strictly increasing up to P1), else 422 naming `threshold`.
 * Audit entity `ranks`, entity id the rank code. Fans see the change on their next request (the ranks' trigger
 * raises the organization's version).
 */
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { AdminRankSchema, RankFieldsSchema, RankPatchSchema, type AdminRank } from '../../../src/contracts/admin/rank';
import { RankCodeSchema } from '../../../src/contracts/organization';
import { rankLadderProblems } from '../../../src/rules/rank';
import { ranks } from '../../db/schema';
import { changedFields, recordAudit } from '../../domain/audit';
import { notFound, validationFailed } from '../../lib/errors';
import { parseWith, readJson, sendData } from '../../lib/http';
import type { AppDeps, AppEnv, RankRow } from '../../lib/types';
import { requireOperator } from './operator';
import { sentFields } from './resource';

const toRank = (row: RankRow): AdminRank =>
  AdminRankSchema.parse({ code: row.code, title: row.title, threshold: row.threshold, translations: row.translations });

const fieldsOf = ({ title, threshold, translations }: AdminRank) => ({ title, threshold, translations });

/** The rank routes, mounted at `/api/admin/ranks`. */
export function rankAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const rows = await deps.db.select().from(ranks).where(eq(ranks.organizationId, organization.id)).orderBy(asc(ranks.threshold));
      return sendData(c, rows.map(toRank));
    })
    .patch('/:code', async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const code = RankCodeSchema.safeParse(c.req.param('code'));
      if (!code.success) throw notFound('Rank not found');
      const parsed = await readJson(c, RankPatchSchema);
      const patch = sentFields(parsed as Record<string, unknown>, await c.req.json().catch(() => ({})));
      const item = await deps.db.transaction(async (tx) => {
        const ladder = await tx.select().from(ranks).where(eq(ranks.organizationId, organization.id)).for('update');
        const existing = ladder.find((r) => r.code === code.data);
        if (!existing) throw notFound('Rank not found');
        const before = fieldsOf(toRank(existing));
        const fields = parseWith(RankFieldsSchema, { ...before, ...patch }, 'Invalid request body');
        const next = ladder.map((r) => ({ name: r.code, threshold: r.code === code.data ? fields.threshold : r.threshold }));
        const problems = rankLadderProblems(next);
        if (problems.length) {
          throw validationFailed('Invalid request body', problems.map((p) => ({ path: 'threshold', message: p.code ? `${p.code}: ${p.message}` : p.message })));
        }
        const [row] = await tx
          .update(ranks)
          .set(fields)
          .where(and(eq(ranks.id, existing.id), eq(ranks.organizationId, organization.id)))
          .returning();
        const diff = changedFields(before, fieldsOf(toRank(row)));
        if (Object.keys(diff.after).length) await recordAudit(tx, user, { entity: 'ranks', entityId: row.code, action: 'update', ...diff });
        return toRank(row);
      });
      return sendData(c, item);
    });
}
