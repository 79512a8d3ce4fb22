/**
 * The sign-in screen's messages for API errors (`src/features/session/api-error-message.ts`): a suspended account
 * (403 AccountSuspended, decision 0053) is told so, with its end date when it has one; the other errors keep theirs.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { signInErrorKey, signInErrorMessage } from '../../src/features/session/api-error-message';
import en from '../../locales/en/session.json';
import fr from '../../locales/fr/session.json';

describe('sign-in error messages', () => {
  it('a suspension with an end date names it; one until lifted does not', () => {
    const until = '2026-12-01T18:00:00.000Z';
    const dated = signInErrorMessage(new ApiError(403, 'AccountSuspended', 'suspended', { until }));
    expect(dated.key).toBe('errors.suspendedUntil');
    expect(dated.values?.until).toEqual(new Date(until));
    expect(signInErrorMessage(new ApiError(403, 'AccountSuspended', 'suspended', { until: null }))).toEqual({ key: 'errors.suspended' });
    for (const strings of [en, fr]) {
      expect(strings.errors.suspendedUntil).toContain('{{until, datetime}}');
      expect(strings.errors.suspended).toBeTypeOf('string');
    }
  });

  it('keeps the other messages', () => {
    expect(signInErrorKey(new NetworkError())).toBe('errors.offline');
    expect(signInErrorKey(new ApiError(401, 'InvalidCode', 'wrong'))).toBe('errors.invalidCode');
    expect(signInErrorKey(new ApiError(429, 'TooManyRequests', 'slow down'))).toBe('errors.tooMany');
    expect(signInErrorKey(new ApiError(422, 'ValidationFailed', 'bad'))).toBe('errors.invalidInput');
    expect(signInErrorKey(new ApiError(500, 'Internal', 'oops'))).toBe('errors.generic');
  });
});
