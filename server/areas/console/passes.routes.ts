/**
 * `/api/admin/passes`: `POST /verify {code}` checks a member card's code, scanned (the QR code's
 * text) or typed (the short code under it), and answers the member and whether the card is `valid`, `suspended` or
 * `expired`. Refused codes count against the operator's allowance (`verifyMemberPass`). A verification changes
 * nothing, so it is not in the audit log (which records changes and data exports).
 */
import { MemberPassVerificationResponseSchema, MemberPassVerifySchema } from '../../../src/contracts/member-pass';
import { verifyMemberPass } from '../profile/member-pass.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { languageOf } from '../../lib/localize';
import { passTexts } from '../profile/member-pass.service';
import { requireOperator } from './operator';

/** `POST /verify`. */
const verifyRoute = declareRoute({
  method: 'post',
  path: '/verify',
  summary: "Checks a member card's code (scanned or typed): the member, and valid, suspended or expired",
  description: 'Refused codes (404, 422) count against the operator: 30 per 15 minutes, then 429 with Retry-After.',
  tags: ['admin'],
  auth: 'operator',
  body: MemberPassVerifySchema,
  response: MemberPassVerificationResponseSchema,
  errors: {
    404: 'NotFound: no member of the organization has this number (or the account was deleted).',
    422: "MemberPassInvalid: the code is not this member's (forged, another member's, or ahead of time); ValidationFailed: not a card code.",
    429: 'TooManyRequests: too many refused codes from this operator; try again after Retry-After.',
  },
});

/** The member card routes, mounted at `/api/admin/passes`. */
export function passAdminRoutes(deps: AppDeps) {
  return routeGroup().openapi(verifyRoute, async (c) => {
    const { organization, ranks, user } = requireOperator(c.get('principal'));
    const { code } = c.req.valid('json');
    const texts = passTexts(organization, ranks, languageOf(c));
    return sendData(c, await verifyMemberPass(deps, { organizationId: organization.id, ranks, operatorId: user.id, texts }, code));
  });
}
