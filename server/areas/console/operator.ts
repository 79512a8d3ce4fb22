/**
 * Who may use the admin API: a signed-in member whose role is `operator` in the request's organization. The
 * role is read with the session on every request, so a revoked operator is refused from their next request on.
 */
import type { MiddlewareHandler } from 'hono';
import { forbidden, unauthorized } from '../../lib/errors';
import type { AppEnv, Principal, UserRow } from '../../lib/app-env';

type OperatorPrincipal = Extract<Principal, { kind: 'user' }> & { user: UserRow & { role: 'operator' } };

/**
 * The operator of this request.
 * @throws ApiError 401 for a visitor, 403 for a member who is not an operator
 */
export function requireOperator(principal: Principal | undefined): OperatorPrincipal {
  if (!principal || principal.kind !== 'user') throw unauthorized('Sign in to continue');
  if (principal.user.role !== 'operator') throw forbidden("Only the organization's operators may do this");
  return principal as OperatorPrincipal;
}

/** Middleware answering 401/403 before any admin route runs (and for admin paths that name no route). */
export function operatorsOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireOperator(c.get('principal'));
    await next();
  };
}
