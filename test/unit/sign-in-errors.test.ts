/**
 * The sign-in screen's messages for API errors (`src/features/session/api-error-message.ts`): a suspended account
 * (403 AccountSuspended) is told so, with its end date when it has one; the sign-in limits
 * each have their own message; the other errors keep theirs.
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

  it("tells the day's codes of a mailbox, a busy shared address and a used-up code apart, in en and fr", () => {
    const limited = (limit?: string) => new ApiError(429, 'TooManyRequests', 'slow down', { retryAfterSeconds: 60, limit });
    expect(signInErrorKey(limited('mailboxDay'))).toBe('errors.tooManyToday');
    expect(signInErrorKey(limited('address'))).toBe('errors.tooManyFromNetwork');
    expect(signInErrorKey(limited())).toBe('errors.tooMany');
    expect(signInErrorKey(new ApiError(401, 'CodeUsedUp', 'used'))).toBe('errors.codeUsedUp');
    for (const strings of [en, fr]) {
      for (const key of ['tooManyToday', 'tooManyFromNetwork', 'codeUsedUp'] as const) expect(strings.errors[key]).toMatch(/\S/);
    }
    expect(fr.errors.codeUsedUp).not.toBe(en.errors.codeUsedUp);
  });

  it('keeps the other messages', () => {
    expect(signInErrorKey(new NetworkError())).toBe('errors.offline');
    expect(signInErrorKey(new ApiError(401, 'InvalidCode', 'wrong'))).toBe('errors.invalidCode');
    expect(signInErrorKey(new ApiError(429, 'TooManyRequests', 'slow down'))).toBe('errors.tooMany');
    expect(signInErrorKey(new ApiError(422, 'ValidationFailed', 'bad'))).toBe('errors.invalidInput');
    expect(signInErrorKey(new ApiError(500, 'Internal', 'oops'))).toBe('errors.generic');
  });
});
