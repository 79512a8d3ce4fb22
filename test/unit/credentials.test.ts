// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('organization token (x-org-token)', () => {
  it('survives a reload, so actions replayed at boot carry it before the organization loads again', async () => {
    const first = await import('../../src/api/credentials');
    first.setOrganizationToken('org-token-1');
    vi.resetModules();
    const reloaded = await import('../../src/api/credentials');
    expect(reloaded.getOrganizationToken()).toBe('org-token-1');
  });

  it('cleared with null, it is gone after a reload too', async () => {
    const first = await import('../../src/api/credentials');
    first.setOrganizationToken('org-token-1');
    first.setOrganizationToken(null);
    vi.resetModules();
    expect((await import('../../src/api/credentials')).getOrganizationToken()).toBeNull();
  });
});
