/**
 * Who runs an organization's program (decision 0072): the two rules about the `operator` role that more than one
 * route applies.
 *
 * - `OPERATOR_EMAILS` is a bootstrap: a listed e-mail gets the role when it signs in only while the organization has
 *   no operator at all. From the first operator on, the role is granted and revoked in the console only, so a
 *   revocation holds whatever the list says.
 * - The organization keeps an operator: the last one can neither revoke their own role nor erase their account
 *   (409 LastOperator); someone must still be able to run the program and answer members' requests.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { Env } from '../env';
import { ApiError } from '../lib/errors';

/**
 * Whether `email` gets the `operator` role as it signs in to the organization: it is listed in `OPERATOR_EMAILS`
 * (any case) and the organization has no operator yet. Reads the database only for a listed e-mail.
 */
export async function bootstrapsOperator(db: DbOrTx, env: Env, organizationId: string, email: string): Promise<boolean> {
  if (!env.OPERATOR_EMAILS.includes(email.trim().toLowerCase())) return false;
  const [operator] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'operator')))
    .limit(1);
  return operator === undefined;
}

/**
 * Refuses a change that would leave the organization without an operator: `memberId` losing the role (a revocation,
 * an erasure) while they are its only operator. Locks the organization's operators' rows first, so two such changes
 * cannot both see another operator left; call it before locking the member's own row (one lock order everywhere).
 * @throws ApiError 409 LastOperator
 */
export async function keepAnOperator(tx: DbOrTx, organizationId: string, memberId: string): Promise<void> {
  const operators = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'operator')))
    .for('update');
  if (operators.length === 1 && operators[0].id === memberId.toLowerCase()) {
    throw new ApiError(409, 'LastOperator', "The organization's last operator must give the role to someone else first");
  }
}
