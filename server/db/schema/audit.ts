/**
 * The operators' audit log: one append-only row per change an operator makes (who, when, which entity, what
 * action, the changed fields before and after), written in the same transaction as the change. A trigger
 * (migration 0004) refuses every UPDATE of a row, so the log cannot be rewritten by the application.
 */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

export const auditLog = pgTable(
  'audit_log',
  {
    ...organizationRow(),
    /** The operator; null once their member row is gone (the entry stays). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's e-mail at the time, so the entry still says who after the member is gone. */
    actorEmail: text('actor_email').notNull(),
    /** Admin resource name, e.g. `challenges`, `organization`, `members`. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** create, update, delete, archive, grant, revoke, import, result (a challenge's result entered). */
    action: text('action').notNull(),
    /** The changed fields before the change (null for a create). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    /** The changed fields after the change (null for a delete). */
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.organizationId, t.createdAt),
    index('audit_log_org_entity_idx').on(t.organizationId, t.entity, t.createdAt),
  ],
);
