/**
 * `/api/admin/members`: the organization's members for operators. `GET /?q=&role=&page=&pageSize=` searches by
 * e-mail, username, first or last name (newest first); `GET /{id}` reads one; `GET /{id}/activity` their record
 * (ledger, responses, entries, wins, badges, consents, sessions); `POST /{id}/role {role}` grants or revokes the
 * operator role (audit actions `grant` / `revoke`, entity `members`). The role is read with the session on every
 * request, so a revoked operator is refused from their next request on. The organization's last operator cannot be
 * revoked (409 LastOperator, `keepAnOperator`): someone must still be able to run the program.
 *
 * Member care, each audit-logged in its own transaction through one sequence (`changeMember` in `./members.service`: read
 * and lock the member, refuse an erased one where it matters, write, audit): `POST /{id}/adjustments {amount, reason}`
 * (action `adjust`; 422 NegativeBalance below zero), `POST /{id}/suspension {reason, until?}` (action `suspend`;
 * sessions revoked; not oneself) and `DELETE /{id}/suspension` (action `lift`), `GET /{id}/export` (action
 * `export`) and `DELETE /{id}` with `{confirmation}` (action `delete`, the entry keeping no personal data). An
 * erased member is 409 for adjustments and suspensions.
 */
import {
  AdjustmentInputSchema,
  AdjustmentResponseSchema,
  AdminMemberListResponseSchema,
  AdminMemberResponseSchema,
  MemberActivityResponseSchema,
  MemberListQuerySchema,
  MemberRoleChangeSchema,
  SuspensionInputSchema,
} from '../../../src/contracts/admin/member';
import { PathIdSchema } from '../../../src/contracts/common';
import { MemberReferralsResponseSchema } from '../../../src/contracts/admin/member-referrals';
import { AccountDeletionSchema, DataExportSchema } from '../../../src/contracts/data-rights';
import { exportDisposition } from '../profile/member-care.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';
import {
  adjustMemberPoints,
  changeRole,
  eraseMemberOnRequest,
  exportMember,
  liftSuspension,
  listMembers,
  readMemberActivity,
  readMemberReferrals,
  readAdminMember,
  suspendMember,
} from './members.service';

const id = { id: PathIdSchema };
const notFoundError = 'NotFound: no member of the organization has this id.';

/** `GET /`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's members, newest first, by text and role",
  tags: ['admin'],
  auth: 'operator',
  query: MemberListQuerySchema,
  response: AdminMemberListResponseSchema,
});

/** `GET /{id}`. */
const readRoute = declareRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One member',
  tags: ['admin'],
  auth: 'operator',
  params: id,
  response: AdminMemberResponseSchema,
  errors: { 404: notFoundError },
});

/** `POST /{id}/role`. */
const roleRoute = declareRoute({
  method: 'post',
  path: '/{id}/role',
  summary: 'Grants or revokes the operator role',
  tags: ['admin'],
  auth: 'operator',
  params: id,
  body: MemberRoleChangeSchema,
  response: AdminMemberResponseSchema,
  errors: {
    404: notFoundError,
    409: "LastOperator: the organization's last operator cannot be revoked.",
  },
});

/** `GET /{id}/activity`. */
const activityRoute = declareRoute({
  method: 'get',
  path: '/{id}/activity',
  summary: "A member's record: ledger, challenge responses, sweepstake entries and wins, badges, consents, sessions",
  tags: ['admin'],
  auth: 'operator',
  params: id,
  response: MemberActivityResponseSchema,
  errors: { 404: notFoundError },
});

/** `GET /{id}/referrals`. */
const referralsRoute = declareRoute({
  method: 'get',
  path: '/{id}/referrals',
  summary: 'Who referred a member and whom they referred, with when each referral was claimed and rewarded',
  tags: ['admin'],
  auth: 'operator',
  params: id,
  response: MemberReferralsResponseSchema,
  errors: { 404: notFoundError },
});

/** `POST /{id}/adjustments`. */
const adjustRoute = declareRoute({
  method: 'post',
  path: '/{id}/adjustments',
  summary: "Adjusts a member's points with a reason (a ledger row the member sees in their history)",
  description: 'A positive adjustment counts toward lifetime points (rank); a negative one lowers only the balance, never below 0.',
  tags: ['admin'],
  auth: 'operator',
  params: id,
  body: AdjustmentInputSchema,
  response: AdjustmentResponseSchema,
  status: 201,
  errors: {
    404: notFoundError,
    409: 'Conflict: the account was deleted.',
    422: 'NegativeBalance: the balance does not cover a negative adjustment; ValidationFailed: the body breaks the contract.',
  },
});

/** `POST /{id}/suspension`. */
const suspendRoute = declareRoute({
  method: 'post',
  path: '/{id}/suspension',
  summary: 'Suspends a member: no earning, spending or sign-in until the end date or until lifted; sessions revoked',
  tags: ['admin'],
  auth: 'operator',
  params: id,
  body: SuspensionInputSchema,
  response: AdminMemberResponseSchema,
  errors: {
    404: notFoundError,
    409: 'Conflict: operators cannot suspend themselves; the account was deleted.',
    422: 'ValidationFailed: the body breaks the contract, or `until` is not in the future.',
  },
});

/** `DELETE /{id}/suspension`. */
const liftRoute = declareRoute({
  method: 'delete',
  path: '/{id}/suspension',
  summary: "Lifts a member's suspension",
  tags: ['admin'],
  auth: 'operator',
  params: id,
  response: AdminMemberResponseSchema,
  errors: { 404: notFoundError },
});

/** `GET /{id}/export`. */
const exportRoute = declareRoute({
  method: 'get',
  path: '/{id}/export',
  summary: "All of a member's data as a JSON download (GDPR art. 15 and 20), on the member's request",
  tags: ['admin'],
  auth: 'operator',
  params: id,
  response: DataExportSchema,
  errors: { 404: notFoundError },
});

/** `DELETE /{id}`. */
const eraseRoute = declareRoute({
  method: 'delete',
  path: '/{id}',
  summary: "Erases a member's account (GDPR art. 17), on the member's request: personal data erased, ledger kept",
  tags: ['admin'],
  auth: 'operator',
  params: id,
  body: AccountDeletionSchema,
  response: null,
  status: 204,
  errors: {
    404: notFoundError,
    409: "Conflict: operators cannot erase their own account here (they use their profile); LastOperator: the member is the organization's last operator.",
    422: 'ValidationFailed: the confirmation is missing or wrong.',
  },
});

/** The member routes, mounted at `/api/admin/members`. */
export function memberAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(listRoute, async (c) => {
      const { organization, ranks } = requireOperator(c.get('principal'));
      return c.json(await listMembers(deps, organization.id, ranks, c.req.valid('query')), 200);
    })
    .openapi(readRoute, async (c) => {
      const { organization, ranks } = requireOperator(c.get('principal'));
      return sendData(c, await readAdminMember(deps, organization.id, ranks, c.req.valid('param').id));
    })
    .openapi(roleRoute, async (c) => {
      const { organization, ranks, user } = requireOperator(c.get('principal'));
      const { role } = c.req.valid('json');
      return sendData(c, await changeRole(deps, organization.id, user, ranks, c.req.valid('param').id, role));
    })
    .openapi(activityRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return sendData(c, await readMemberActivity(deps, organization.id, c.req.valid('param').id));
    })
    .openapi(referralsRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return sendData(c, await readMemberReferrals(deps, organization.id, c.req.valid('param').id));
    })
    .openapi(adjustRoute, async (c) => {
      const { organization, ranks, user } = requireOperator(c.get('principal'));
      const input = c.req.valid('json');
      return sendData(c, await adjustMemberPoints(deps, organization.id, user, ranks, c.req.valid('param').id, input), 201);
    })
    .openapi(suspendRoute, async (c) => {
      const { organization, ranks, user } = requireOperator(c.get('principal'));
      const input = c.req.valid('json');
      return sendData(c, await suspendMember(deps, organization.id, user, ranks, c.req.valid('param').id, input));
    })
    .openapi(liftRoute, async (c) => {
      const { organization, ranks, user } = requireOperator(c.get('principal'));
      return sendData(c, await liftSuspension(deps, organization.id, user, ranks, c.req.valid('param').id));
    })
    .openapi(exportRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const { id: memberId } = c.req.valid('param');
      const data = await exportMember(deps, organization.id, user, memberId);
      c.header('Content-Disposition', exportDisposition(memberId));
      return c.json(data, 200);
    })
    .openapi(eraseRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      // The body's confirmation is checked by the declaration (422 when missing or wrong).
      await eraseMemberOnRequest(deps, organization.id, user, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
