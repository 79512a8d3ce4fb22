import { describe, expect, it } from 'vitest';
import { effectiveStatus, statusAt } from '../../../src/rules/sweepstake-status';

const window = { startsAt: '2026-11-25T00:00:00Z', endsAt: '2026-11-30T00:00:00Z' };

describe('sweepstake status from dates (ARCHITECTURE §5)', () => {
  it('coming soon before the start, live from the start, ended at the end', () => {
    expect(statusAt(window, new Date('2026-11-24T23:59:59Z'))).toBe('coming_soon');
    expect(statusAt(window, new Date('2026-11-25T00:00:00Z'))).toBe('live');
    expect(statusAt(window, new Date('2026-11-29T23:59:59Z'))).toBe('live');
    expect(statusAt(window, new Date('2026-11-30T00:00:00Z'))).toBe('ended');
  });

  it('takes Date boundaries (the server rows) as well as ISO strings (the wire)', () => {
    const rows = { startsAt: new Date(window.startsAt), endsAt: new Date(window.endsAt) };
    expect(statusAt(rows, new Date('2026-11-26T00:00:00Z'))).toBe('live');
  });

  it('a cached status only moves forward once a boundary has passed', () => {
    expect(effectiveStatus({ ...window, status: 'coming_soon' }, new Date('2026-11-26T00:00:00Z'))).toBe('live');
    expect(effectiveStatus({ ...window, status: 'live' }, new Date('2026-12-01T00:00:00Z'))).toBe('ended');
    expect(effectiveStatus({ ...window, status: 'ended' }, new Date('2026-11-26T00:00:00Z'))).toBe('ended');
    expect(effectiveStatus({ ...window, status: 'live' }, new Date('2026-11-20T00:00:00Z'))).toBe('live');
  });
});
