/**
 * The relative time of the challenge and sweepstake cards: the largest fitting unit, in the fan's language, and
 * "this minute" within a minute.
 */
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../src/platform/intl-formats';

const now = new Date('2026-11-28T12:00:00Z');

describe('formatRelativeTime', () => {
  it('says the largest fitting unit, ahead or behind', () => {
    expect(formatRelativeTime('2026-12-01T13:00:00Z', now, 'en')).toBe('in 3 days');
    expect(formatRelativeTime('2026-11-28T10:00:00Z', now, 'en')).toBe('2 hours ago');
    expect(formatRelativeTime('2026-11-28T12:05:30Z', now, 'en')).toBe('in 5 minutes');
  });

  it("speaks the fan's language", () => {
    expect(formatRelativeTime('2026-11-28T14:00:00Z', now, 'fr')).toBe('dans 2 heures');
  });

  it('says this minute within a minute', () => {
    expect(formatRelativeTime('2026-11-28T12:00:40Z', now, 'en')).toBe('this minute');
  });
});
