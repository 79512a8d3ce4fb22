import { describe, expect, it } from 'vitest';
import { isInternalUser } from '../../src/features/session/internal-user';

const domains = ['podium.example', 'alpine-racing.example'];

describe('internal-user flag (spec §5: e-mail ending in one of the internal domains)', () => {
  it('an address on either internal domain is internal', () => {
    expect(isInternalUser('ana@podium.example', domains)).toBe(true);
    expect(isInternalUser('ops@alpine-racing.example', domains)).toBe(true);
  });

  it('matching ignores case and surrounding spaces', () => {
    expect(isInternalUser('Ana@PODIUM.Example ', domains)).toBe(true);
    expect(isInternalUser('ana@podium.example', [' @Podium.Example '])).toBe(true);
  });

  it('a subdomain of an internal domain is internal', () => {
    expect(isInternalUser('ana@team.podium.example', domains)).toBe(true);
  });

  it('a domain that only ends with the same letters is not internal', () => {
    expect(isInternalUser('ana@notpodium.example', domains)).toBe(false);
    expect(isInternalUser('ana@podium.example.com', domains)).toBe(false);
  });

  it('a fan with a public address is not internal', () => {
    expect(isInternalUser('fan@gmail.com', domains)).toBe(false);
  });

  it('no address, a malformed address or no configured domains is never internal', () => {
    expect(isInternalUser(null, domains)).toBe(false);
    expect(isInternalUser('', domains)).toBe(false);
    expect(isInternalUser('podium.example', domains)).toBe(false);
    expect(isInternalUser('@podium.example', domains)).toBe(false);
    expect(isInternalUser('ana@podium.example', [])).toBe(false);
    expect(isInternalUser('ana@podium.example', [''])).toBe(false);
  });
});
