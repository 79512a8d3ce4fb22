/**
 * `/api/admin/members`: the organization's members for operators. `GET /?q=&role=&page=&pageSize=` searches by
 * e-mail, username, first or last name (newest first); `GET /{id}` reads one; `POST /{id}/role {role}` grants or
 * revokes the operator role (audit actions `grant` / `revoke`, entity `members`). The role is read with the
 * session on every request, so a revoked operator is refused from their next request on. The organization's last
 * operator cannot be revoked (409): someone must still be able to run the program.
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  AdminMemberListResponseSchema,
  AdminMemberResponseSchema,
  AdminMemberSchema,
  MemberListQuerySchema,
  MemberRoleChangeSchema,
  type AdminMember,
} from '../../../src/contracts/admin/member';
import { PathIdSchema } from '../../../src/contracts/common';
import { rankFor } from '../../../src/rules/rank';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../../domain/audit';
import { conflict, notFound } from '../../lib/errors';
import { parseWith, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps, AppEnv, RankRow, UserRow } from '../../lib/types';
import { requireOperator } from './operator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMember(row: UserRow, ranks: RankRow[]): AdminMember {
  return AdminMemberSchema.parse({
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    points: row.points,
    lifetimePoints: row.lifetimePoints,
    rank: rankFor(row.lifetimePoints, ranks.map((r) => ({ name: r.code, threshold: r.threshold }))),
    createdAt: row.createdAt.toISOString(),
  });
}

async function readMember(db: DbOrTx, organizationId: string, id: string, lock = false): Promise<UserRow> {
  if (!UUID.test(id)) throw notFound('Member not found');
  const query = db.select().from(users).where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Member not found');
  return row;
}

/** The member routes, mounted at `/api/admin/members`. */
export function memberAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', documented({
      summary: "The organization's members, newest first, by text and role",
      tags: ['admin'],
      auth: 'operator',
      query: MemberListQuerySchema,
      response: AdminMemberListResponseSchema,
    }), async (c) => {
      const { organization, ranks } = requireOperator(c.get('principal'));
      const query = parseWith(MemberListQuerySchema, c.req.query(), 'Invalid query');
      const conditions: SQL[] = [eq(users.organizationId, organization.id)];
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        conditions.push(or(ilike(users.email, pattern), ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!);
      }
      if (query.role) conditions.push(eq(users.role, query.role));
      const where = and(...conditions);
      const rows = await deps.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [{ total }] = await deps.db.select({ total: count() }).from(users).where(where);
      return c.json({ data: rows.map((r) => toMember(r, ranks)), meta: { page: query.page, pageSize: query.pageSize, total } });
    })
    .get('/:id', documented({
      summary: 'One member',
      tags: ['admin'],
      auth: 'operator',
      params: { id: PathIdSchema },
      response: AdminMemberResponseSchema,
      errors: { 404: 'NotFound: no member of the organization has this id.' },
    }), async (c) => {
      const { organization, ranks } = requireOperator(c.get('principal'));
      return sendData(c, toMember(await readMember(deps.db, organization.id, c.req.param('id')), ranks));
    })
    .post('/:id/role', documented({
      summary: 'Grants or revokes the operator role',
      tags: ['admin'],
      auth: 'operator',
      params: { id: PathIdSchema },
      body: MemberRoleChangeSchema,
      response: AdminMemberResponseSchema,
      errors: {
        404: 'NotFound: no member of the organization has this id.',
        409: "Conflict: the organization's last operator cannot be revoked.",
      },
    }), async (c) => {
      const { organization, ranks, user } = requireOperator(c.get('principal'));
      const { role } = await readJson(c, MemberRoleChangeSchema);
      const member = await deps.db.transaction(async (tx) => {
        // Lock the organization's operators first, so two revocations cannot both see another operator left.
        const operators = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.organizationId, organization.id), eq(users.role, 'operator')))
          .for('update');
        const target = await readMember(tx, organization.id, c.req.param('id'), true);
        if (target.role === role) return target;
        if (role === 'member' && operators.length <= 1) throw conflict('The organization\'s last operator cannot be revoked');
        const [row] = await tx.update(users).set({ role }).where(eq(users.id, target.id)).returning();
        await recordAudit(tx, user, {
          entity: 'members',
          entityId: target.id,
          action: role === 'operator' ? 'grant' : 'revoke',
          before: { role: target.role },
          after: { role },
        });
        return row;
      });
      return sendData(c, toMember(member, ranks));
    });
}
