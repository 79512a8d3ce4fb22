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
import { Hono } from 'hono';
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
import { parseWith, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
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

/** The member routes, mounted at `/api/admin/members`. */
export function memberAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's members, newest first, by text and role",
        tags: ['admin'],
        auth: 'operator',
        query: MemberListQuerySchema,
        response: AdminMemberListResponseSchema,
      }),
      async (c) => {
        const { organization, ranks } = requireOperator(c.get('principal'));
        const query = parseWith(MemberListQuerySchema, c.req.query(), 'Invalid query');
        return c.json(await listMembers(deps, organization.id, ranks, query));
      },
    )
    .get(
      '/:id',
      documented({
        summary: 'One member',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: AdminMemberResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization, ranks } = requireOperator(c.get('principal'));
        return sendData(c, await readAdminMember(deps, organization.id, ranks, c.req.param('id')));
      },
    )
    .post(
      '/:id/role',
      documented({
        summary: 'Grants or revokes the operator role',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: MemberRoleChangeSchema,
        response: AdminMemberResponseSchema,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: "LastOperator: the organization's last operator cannot be revoked.",
        },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        const { role } = await readJson(c, MemberRoleChangeSchema);
        return sendData(c, await changeRole(deps, organization.id, user, ranks, c.req.param('id'), role));
      },
    )
    .get(
      '/:id/activity',
      documented({
        summary: "A member's record: ledger, challenge responses, sweepstake entries and wins, badges, consents, sessions",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: MemberActivityResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        return sendData(c, await readMemberActivity(deps, organization.id, c.req.param('id')));
      },
    )
    .get(
      '/:id/referrals',
      documented({
        summary: 'Who referred a member and whom they referred, with when each referral was claimed and rewarded',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: MemberReferralsResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        return sendData(c, await readMemberReferrals(deps, organization.id, c.req.param('id')));
      },
    )
    .post(
      '/:id/adjustments',
      documented({
        summary: "Adjusts a member's points with a reason (a ledger row the member sees in their history)",
        description: 'A positive adjustment counts toward lifetime points (rank); a negative one lowers only the balance, never below 0.',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: AdjustmentInputSchema,
        response: AdjustmentResponseSchema,
        status: 201,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: 'Conflict: the account was deleted.',
          422: 'NegativeBalance: the balance does not cover a negative adjustment; ValidationFailed: the body breaks the contract.',
        },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        const input = await readJson(c, AdjustmentInputSchema);
        return sendData(c, await adjustMemberPoints(deps, organization.id, user, ranks, c.req.param('id'), input), 201);
      },
    )
    .post(
      '/:id/suspension',
      documented({
        summary: 'Suspends a member: no earning, spending or sign-in until the end date or until lifted; sessions revoked',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: SuspensionInputSchema,
        response: AdminMemberResponseSchema,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: 'Conflict: operators cannot suspend themselves; the account was deleted.',
          422: 'ValidationFailed: the body breaks the contract, or `until` is not in the future.',
        },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        const input = await readJson(c, SuspensionInputSchema);
        return sendData(c, await suspendMember(deps, organization.id, user, ranks, c.req.param('id'), input));
      },
    )
    .delete(
      '/:id/suspension',
      documented({
        summary: "Lifts a member's suspension",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: AdminMemberResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        return sendData(c, await liftSuspension(deps, organization.id, user, ranks, c.req.param('id')));
      },
    )
    .get(
      '/:id/export',
      documented({
        summary: "All of a member's data as a JSON download (GDPR art. 15 and 20), on the member's request",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: DataExportSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const data = await exportMember(deps, organization.id, user, c.req.param('id'));
        c.header('Content-Disposition', exportDisposition(c.req.param('id')));
        return c.json(data);
      },
    )
    .delete(
      '/:id',
      documented({
        summary: "Erases a member's account (GDPR art. 17), on the member's request: personal data erased, ledger kept",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: AccountDeletionSchema,
        response: null,
        status: 204,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: "Conflict: operators cannot erase their own account here (they use their profile); LastOperator: the member is the organization's last operator.",
          422: 'ValidationFailed: the confirmation is missing or wrong.',
        },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        await readJson(c, AccountDeletionSchema);
        await eraseMemberOnRequest(deps, organization.id, user, c.req.param('id'));
        return c.body(null, 204);
      },
    );
}
