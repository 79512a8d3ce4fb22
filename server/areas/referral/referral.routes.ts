/**
 * Referral routes (members; rules in `src/rules/referral.ts`, writes in `server/areas/referral/referral.service.ts`):
 * - `GET /api/user/me/referral` -> `{code, url, invited, rewarded, points, referredBy}`; the code is made on first use.
 * - `POST /api/user/me/referral/claim {code}` -> 201 the recorded claim; 422 ReferralOwnCode, 409
 *   ReferralAlreadyClaimed, 422 ReferralWindowClosed, 404 ReferralUnknownCode, 429 TooManyRequests after too many
 *   unknown codes.
 */
import type { Context } from 'hono';
import { ReferralClaimResultResponseSchema, ReferralClaimSchema, ReferralSummaryResponseSchema } from '../../../src/contracts/referral';
import { claimReferral, referralSummary } from './referral.service';
import { fromTrustedProxy } from '../../lib/client-ip';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireUser } from '../../kernel/authenticate';

/**
 * The app's origin for the invite link: the request's, or the one the trusted proxy forwarded (the app and the API
 * share an origin).
 */
function appOrigin(c: Context<AppEnv>, deps: AppDeps): string {
  const url = new URL(c.req.url);
  if (fromTrustedProxy(c, deps.env.TRUST_PROXY)) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (host && /^[a-z0-9.:[\]-]+$/i.test(host)) return `${proto === 'http' ? 'http' : 'https'}://${host}`;
  }
  return url.origin;
}

/** `GET /me/referral`. */
const summaryRoute = declareRoute({
  method: 'get',
  path: '/me/referral',
  summary: "The member's referral code and invite link, and the friends who joined with it",
  tags: ['user'],
  response: ReferralSummaryResponseSchema,
});

/** `POST /me/referral/claim`. */
const claimRoute = declareRoute({
  method: 'post',
  path: '/me/referral/claim',
  summary: "Records that the member joined with a friend's referral code",
  description:
    "Within 14 days of joining, once, never one's own code. Both members earn the organization's `referralPoints` after the " +
    "newcomer's first check-in or answer (at once when there was one already); the referrer's rewards are limited per month. " +
    'Ten unknown codes per member and hour, then 429.',
  tags: ['user'],
  body: ReferralClaimSchema,
  response: ReferralClaimResultResponseSchema,
  status: { 201: 'The claim is recorded.' },
  errors: {
    404: 'ReferralUnknownCode: no member of the organization has this code.',
    409: 'ReferralAlreadyClaimed: the member was already referred.',
    422: "ReferralOwnCode: the member's own code; ReferralWindowClosed: more than 14 days after joining; ValidationFailed: not a code.",
    429: 'TooManyRequests: too many unknown codes in the last hour (Retry-After says when to try again).',
  },
});

/** Builds the referral route group, mounted at `/api/user`. */
export function referralRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(summaryRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      return sendData(c, await referralSummary(deps, organization, user.id, appOrigin(c, deps)));
    })
    .openapi(claimRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { code } = c.req.valid('json');
      return sendData(c, await claimReferral(deps, organization, user, code), 201);
    });
}
