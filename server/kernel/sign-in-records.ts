/**
 * What sign-in keeps under an e-mail (ARCHITECTURE §3, decision 0070): its codes and the rate-limit counters named
 * after its mailbox. The session area writes them; member care forgets them when an account is erased.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { mailboxOf } from '../../src/rules/mailbox';
import type { DbOrTx } from '../db/client';
import { otpCodes, rateLimits } from '../db/schema';

/** The rate-limit buckets named after the mailbox of an e-mail (`mailboxOf`): send cooldown and allowances. */
export function mailboxBuckets(organizationId: string, email: string) {
  const mailbox = mailboxOf(email);
  return {
    cooldown: `otp-mailbox-cooldown:${organizationId}:${mailbox}`,
    codes: `otp-mailbox-15m:${organizationId}:${mailbox}`,
    day: `otp-mailbox-day:${organizationId}:${mailbox}`,
  };
}

/**
 * Forgets the sign-in state kept under an e-mail (its codes and its mailbox's rate-limit counters), for an erased
 * account: the e-mail is personal data and must not outlive the account.
 */
export async function forgetSignInEmail(tx: DbOrTx, organizationId: string, email: string): Promise<void> {
  await tx.delete(otpCodes).where(and(eq(otpCodes.organizationId, organizationId), eq(otpCodes.email, email)));
  await tx.delete(rateLimits).where(inArray(rateLimits.bucket, Object.values(mailboxBuckets(organizationId, email))));
}
