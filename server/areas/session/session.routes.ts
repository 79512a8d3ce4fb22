/**
 * Local-mode sign-in routes (ARCHITECTURE §3):
 * - `POST /api/session/otp {email}` -> 202 `{data: {sent: true}}`, the same for known and unknown e-mails;
 *   429 TooManyRequests with Retry-After when a send limit of that e-mail's mailbox or of the client address is
 *   reached (decisions 0043, 0070).
 * - `POST /api/session {email, code}` -> 200 `{data: SessionGrant}`; 401 InvalidCode for a wrong, expired or
 *   unknown code, CodeUsedUp for a right code used already or out of tries; 403 AccountSuspended for a suspended
 *   member; 429 when the client address failed too often. The grant holds the plain token, so it is never stored for Idempotency-Key replay.
 * - `DELETE /api/session` -> 204 (members only).
 */
import { OtpRequestSchema, OtpResponseSchema, SessionCreateSchema, SessionGrantResponseSchema } from '../../../src/contracts/session';
import { endSession, requestSignInCode, verifySignInCode } from './session.service';
import { clientIp } from '../../lib/client-ip';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';

/** `POST /session/otp`. */
const otpRoute = declareRoute({
  method: 'post',
  path: '/otp',
  summary: 'Mails a sign-in code (the same answer for known and unknown e-mails)',
  tags: ['session'],
  auth: 'visitor-or-member',
  body: OtpRequestSchema,
  response: OtpResponseSchema,
  status: 202,
  errors: {
    429: "TooManyRequests: a send limit of this e-mail's mailbox or of the client address is reached (Retry-After; `details.limit`: 'mailboxDay' for the day's codes, 'address' for the address's ceiling).",
  },
});

/** `POST /session`. */
const signInRoute = declareRoute({
  method: 'post',
  path: '/',
  summary: 'Signs in with the e-mailed code: a session token',
  tags: ['session'],
  auth: 'visitor-or-member',
  body: SessionCreateSchema,
  response: SessionGrantResponseSchema,
  errors: {
    401: 'InvalidCode: a wrong, expired or unknown code; CodeUsedUp: the right code, used already or out of tries; Unauthorized: no valid credential.',
    403: 'AccountSuspended: the code was right but the member is suspended (`details.until`: the end, or null until lifted).',
    429: "TooManyRequests: the client address failed too often (Retry-After; `details.limit`: 'address').",
  },
});

/** `DELETE /session`. */
const signOutRoute = declareRoute({
  method: 'delete',
  path: '/',
  summary: 'Signs out: ends this session',
  tags: ['session'],
  response: null,
  status: 204,
});

/** Builds the sign-in routes, mounted at `/api/session`. */
export function sessionRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(otpRoute, async (c) => {
      const { email } = c.req.valid('json');
      await requestSignInCode(deps, {
        organization: c.get('principal').organization,
        email,
        clientIp: clientIp(c, deps.env.TRUST_PROXY),
      });
      return sendData(c, { sent: true as const }, 202);
    })
    .openapi(signInRoute, async (c) => {
      const { email, code } = c.req.valid('json');
      c.set('idempotencyNoStore', true);
      const grant = await verifySignInCode(deps, {
        organization: c.get('principal').organization,
        email,
        code,
        clientIp: clientIp(c, deps.env.TRUST_PROXY),
      });
      return sendData(c, grant);
    })
    .openapi(signOutRoute, async (c) => {
      const { sessionId } = requireUser(c.get('principal'));
      await endSession(deps.db, sessionId);
      return c.body(null, 204);
    });
}
