/**
 * Maps sign-in errors to translated message keys (namespace `session`). Pure.
 */
import { ApiError, NetworkError } from '../../api/errors';

/**
 * Takes an error from `POST /session/otp` or `POST /session`; returns the `session` i18n key to show:
 * offline, too many requests, wrong/expired code, invalid e-mail, or a generic failure.
 */
export function signInErrorKey(error: unknown): string {
  if (error instanceof NetworkError) return 'errors.offline';
  if (error instanceof ApiError) {
    if (error.status === 429) return 'errors.tooMany';
    if (error.code === 'InvalidCode') return 'errors.invalidCode';
    if (error.status === 400 || error.status === 422) return 'errors.invalidInput';
  }
  return 'errors.generic';
}
