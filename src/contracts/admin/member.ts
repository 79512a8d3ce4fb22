/**
 * Admin contract of members: `GET /api/admin/members?q=&page=&pageSize=` (search by e-mail, name or username,
 * newest first), `GET /api/admin/members/{id}` and `POST /api/admin/members/{id}/role {role}` (grant or revoke
 * the operator role; the last operator cannot revoke their own role: 409).
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from '../common';
import { RankCodeSchema } from '../organization';
import { AdminListQuerySchema, listEnvelope } from './common';

const MemberRoleSchema = z.enum(['member', 'operator']);

/** `GET /api/admin/members` query. */
export const MemberListQuerySchema = AdminListQuerySchema.omit({ status: true }).extend({ role: MemberRoleSchema.optional() });

/** A member as operators see them. */
export const AdminMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: MemberRoleSchema,
  points: z.number().int(),
  lifetimePoints: z.number().int(),
  rank: RankCodeSchema,
  createdAt: TimestampSchema,
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;
export const AdminMemberResponseSchema = envelope(AdminMemberSchema);
export const AdminMemberListResponseSchema = listEnvelope(AdminMemberSchema);

/** `POST /api/admin/members/{id}/role` body. */
export const MemberRoleChangeSchema = z.object({ role: MemberRoleSchema }).strict();
