import { describe, expect, it } from 'vitest';
import { isSuspended } from '../../../src/rules/suspension';

describe('isSuspended', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('is false for a member who was never suspended', () => {
    expect(isSuspended({ suspendedAt: null, suspendedUntil: null }, now)).toBe(false);
  });

  it('lasts until lifted when there is no end', () => {
    expect(isSuspended({ suspendedAt: '2026-01-01T00:00:00Z', suspendedUntil: null }, now)).toBe(true);
  });

  it('ends at suspendedUntil, which is excluded', () => {
    const at = new Date('2026-11-20T00:00:00Z');
    expect(isSuspended({ suspendedAt: at, suspendedUntil: new Date('2026-11-23T12:00:01Z') }, now)).toBe(true);
    expect(isSuspended({ suspendedAt: at, suspendedUntil: '2026-11-23T12:00:00Z' }, now)).toBe(false);
  });
});
