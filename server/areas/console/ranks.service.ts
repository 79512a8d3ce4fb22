/**
 * The organization's ten ranks P10..P1 for operators: listed lowest first, changed one at a time or as a whole ladder.
 * The ladder after a change must pass `rankLadderProblems` (src/rules/rank.ts: P10 at 0 points, thresholds strictly
 * increasing up to P1), else 422 naming the threshold. Audit entity `ranks`, entity id the rank code.
 */
import { and, asc, eq } from 'drizzle-orm';
import { AdminRankSchema, RankFieldsSchema, type AdminRank } from '../../../src/contracts/admin/rank';
import { rankLadderProblems } from '../../../src/rules/rank';
import { ranks } from '../../db/schema';
import { changedFields, recordAudit, type Actor } from '../../kernel/audit';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../kernel/types';
import { notFound, validationFailed } from '../../lib/errors';
import { parseWith } from '../../lib/http';
import type { RankRow } from '../../lib/app-env';

/** A rank row as the admin API answers it. */
const toRank = (row: RankRow): AdminRank =>
  AdminRankSchema.parse({ code: row.code, title: row.title, threshold: row.threshold, translations: row.translations });

/** The fields of a rank an operator changes. */
const fieldsOf = ({ title, threshold, translations }: AdminRank) => ({ title, threshold, translations });

/** The organization's ranks as the admin API answers them, lowest first. */
export async function listRanks({ db }: { db: DbOrTx }, organizationId: string): Promise<AdminRank[]> {
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

/**
 * Changes rank `code` of `organizationId` with the fields of `patch` merged onto its own, checks the whole ladder
 * after the change, and audits the changed fields (no entry when none changed), in one transaction.
 * @returns the rank as the admin API answers it
 * @throws ApiError 404 NotFound for a code the organization has no rank of, 422 ValidationFailed when the merged
 * fields break the contract or the ladder breaks the rank rule (details name `threshold`)
 */
export function changeRank(
  { db }: Pick<AppDeps, 'db'>,
  organizationId: string,
  actor: Actor,
  code: AdminRank['code'],
  patch: Partial<ReturnType<typeof fieldsOf>>,
): Promise<AdminRank> {
  return db.transaction(async (tx) => {
    const ladder = await tx.select().from(ranks).where(eq(ranks.organizationId, organizationId)).for('update');
    const existing = ladder.find((r) => r.code === code);
    if (!existing) throw notFound('Rank not found');
    const before = fieldsOf(toRank(existing));
    const fields = parseWith(RankFieldsSchema, { ...before, ...patch }, 'Invalid request body');
    const next = ladder.map((r) => ({ name: r.code, threshold: r.code === code ? fields.threshold : r.threshold }));
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
      .where(and(eq(ranks.id, existing.id), eq(ranks.organizationId, organizationId)))
      .returning();
    const diff = changedFields(before, fieldsOf(toRank(row)));
    if (Object.keys(diff.after).length) await recordAudit(tx, actor, { entity: 'ranks', entityId: row.code, action: 'update', ...diff });
    return toRank(row);
  });
}
