import { describe, expect, it } from 'vitest';
import { isChallengeLocked, isPickLocked, pickLockTime, type PickLockFacts } from '../../../src/rules/pickem-lock';

const at = (iso: string) => Date.parse(iso);
const pickem = (over: Partial<PickLockFacts> = {}): PickLockFacts => ({
  subtype: 'pickem',
  locksAt: at('2026-06-01T18:00:00Z'),
  expiresOn: at('2026-06-02T00:00:00Z'),
  resultEnteredAt: null,
  ...over,
});

describe("a pick'em's lock", () => {
  it('locks at kick-off, and takes picks until the instant before', () => {
    expect(pickLockTime(pickem())).toBe(at('2026-06-01T18:00:00Z'));
    expect(isPickLocked(pickem(), at('2026-06-01T17:59:59Z'))).toBe(false);
    expect(isPickLocked(pickem(), at('2026-06-01T18:00:00Z'))).toBe(true);
  });

  it('without a kick-off, locks at the end; with neither, only a result locks it', () => {
    expect(pickLockTime(pickem({ locksAt: null }))).toBe(at('2026-06-02T00:00:00Z'));
    expect(pickLockTime(pickem({ locksAt: null, expiresOn: null }))).toBeNull();
    expect(pickLockTime(pickem({ locksAt: null, expiresOn: null, resultEnteredAt: at('2026-06-01T20:00:00Z') }))).toBe(
      at('2026-06-01T20:00:00Z'),
    );
  });

  it('locks at once when a result is entered before kick-off', () => {
    const early = pickem({ resultEnteredAt: at('2026-06-01T12:00:00Z') });
    expect(pickLockTime(early)).toBe(at('2026-06-01T12:00:00Z'));
    expect(isPickLocked(early, at('2026-06-01T12:00:01Z'))).toBe(true);
  });

  it('other challenges have no lock of their own', () => {
    for (const subtype of ['poll', 'arcade', 'trivia', 'keyword'] as const) {
      expect(pickLockTime(pickem({ subtype, resultEnteredAt: at('2026-06-01T12:00:00Z') }))).toBeNull();
    }
  });

  it('a challenge as received is locked once its locksAt has passed', () => {
    const now = new Date('2026-06-01T18:00:00Z');
    expect(isChallengeLocked({ locksAt: '2026-06-01T18:00:00.000Z' }, now)).toBe(true);
    expect(isChallengeLocked({ locksAt: '2026-06-01T18:00:01.000Z' }, now)).toBe(false);
    expect(isChallengeLocked({ locksAt: null }, now)).toBe(false);
  });
});
