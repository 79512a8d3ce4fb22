/**
 * The operators' audit log (table `audit_log`): one append-only row per change, written with the change's own
 * transaction handle so that a change and its entry commit or roll back together. Entries hold only the fields the
 * change touched, before and after.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditLogQuery, PageMeta } from '../../src/contracts/admin/common';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * Who made a change: the operator's member row (its id and e-mail are recorded), or a command run on the server
 * (`id` null, `email` naming it, e.g. `npm run content`).
 */
export type Actor = { id: string | null; email: string; organizationId: string };

/**
 * The fields that differ between `before` and `after` (compared as JSON), each side restricted to them.
 * @returns `{before, after}` holding only changed keys; both empty when nothing changed
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changed.before[key] = before[key] ?? null;
      changed.after[key] = after[key] ?? null;
    }
  }
  return changed;
}

/**
 * Appends one entry; call it with the transaction of the change it records.
 * @param entry `entity` is the admin resource name (`challenges`, `organization`, `members`, ...)
 */
export async function recordAudit(
  tx: DbOrTx,
  actor: Actor,
  entry: {
    entity: string;
    entityId: string | null;
    action: AuditAction;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    organizationId: actor.organizationId,
    actorUserId: actor.id,
    actorEmail: actor.email,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before,
    after: entry.after,
  });
}

/**
 * A page of the organization's audit log, newest first, filtered by entity and operator.
 * @returns entries and their page meta
 */
export async function listAudit(db: DbOrTx, organizationId: string, query: AuditLogQuery): Promise<{ data: AuditEntry[]; meta: PageMeta }> {
  const conditions: SQL[] = [eq(auditLog.organizationId, organizationId)];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.actorUserId) conditions.push(eq(auditLog.actorUserId, query.actorUserId));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    actorUserId: r.actorUserId,
    actorEmail: r.actorEmail,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action as AuditAction,
    before: r.before,
    after: r.after,
    createdAt: r.createdAt.toISOString(),
  }));
  return { data, meta: { page: query.page, pageSize: query.pageSize, total } };
}
