/**
 * Maps sign-in errors to translated messages (namespace `session`). Pure.
 */
import { ApiError, NetworkError } from '../../api/errors';

/** A `session` i18n key and its interpolation values. */
type SignInMessage = { key: string; values?: Record<string, unknown> };

/**
 * Takes an error from `POST /session/otp` or `POST /session`; returns the `session` i18n key to show:
 * offline, too many requests (the mailbox's codes for the day, or a busy shared address, told apart by the 429's
 * `details.limit`), wrong/expired code, a right code used already or out of tries, a suspended
 * account (with its end), invalid e-mail, or a generic failure.
 */
export function signInErrorKey(error: unknown): string {
  return signInErrorMessage(error).key;
}

/**
 * As `signInErrorKey`, with the values its message needs: `until` (a Date, formatted by i18next's `datetime`) for a
 * suspension that has an end.
 */
export function signInErrorMessage(error: unknown): SignInMessage {
  if (error instanceof NetworkError) return { key: 'errors.offline' };
  if (error instanceof ApiError) {
    if (error.status === 429) return { key: tooManyKey((error.details as { limit?: unknown } | undefined)?.limit) };
    if (error.code === 'InvalidCode') return { key: 'errors.invalidCode' };
    if (error.code === 'CodeUsedUp') return { key: 'errors.codeUsedUp' };
    if (error.code === 'AccountSuspended') {
      const until = (error.details as { until?: unknown } | undefined)?.until;
      if (typeof until !== 'string') return { key: 'errors.suspended' };
      return {
        key: 'errors.suspendedUntil',
        values: { until: new Date(until), formatParams: { until: { dateStyle: 'long', timeStyle: 'short' } } },
      };
    }
    if (error.status === 400 || error.status === 422) return { key: 'errors.invalidInput' };
  }
  return { key: 'errors.generic' };
}

/** The message of a 429 by the limit it names (`details.limit`): a mailbox's day of codes, a shared address, else any. */
function tooManyKey(limit: unknown): string {
  if (limit === 'mailboxDay') return 'errors.tooManyToday';
  if (limit === 'address') return 'errors.tooManyFromNetwork';
  return 'errors.tooMany';
}
