/**
 * The way into the console, its pure rules: which `redirect` search values are kept as the path to
 * come back to after sign-in, the console guard's decision, and the reload-once rule for a chunk gone after a deploy.
 */
import { describe, expect, it } from 'vitest';
import { decideOperatorGuard, safeRedirectPath } from '../../src/features/session/navigation-guard';
import { claimChunkReload, isChunkLoadError } from '../../src/platform/chunk-reload';

describe('the sign-in redirect parameter', () => {
  it('keeps a same-origin path with its search and hash', () => {
    expect(safeRedirectPath('/admin')).toBe('/admin');
    expect(safeRedirectPath('/admin/challenges?status=live#top')).toBe('/admin/challenges?status=live#top');
  });

  it('drops anything that could lead to another site or is not a path', () => {
    for (const value of [
      '//evil.example/admin',
      '/\\evil.example',
      'https://evil.example/admin',
      'javascript:alert(1)',
      'admin',
      '',
      '/ad\nmin',
      42,
      null,
      undefined,
      ['/admin'],
    ]) {
      expect(safeRedirectPath(value), String(value)).toBeUndefined();
    }
    expect(safeRedirectPath(`/${'a'.repeat(2000)}`)).toBeUndefined();
  });
});

describe('the console guard', () => {
  it('asks a visitor to sign in and come back to the URL they opened', () => {
    expect(decideOperatorGuard({ role: null, fullPath: '/admin/members/7?tab=points' })).toEqual({
      action: 'sign-in',
      redirect: '/admin/members/7?tab=points',
    });
  });

  it('lets an operator in and refuses any other member', () => {
    expect(decideOperatorGuard({ role: 'operator', fullPath: '/admin' })).toEqual({ action: 'allow' });
    expect(decideOperatorGuard({ role: 'member', fullPath: '/admin' })).toEqual({ action: 'deny' });
  });
});

/** A sessionStorage stand-in. */
function memory(): Pick<Storage, 'getItem' | 'setItem'> & { size: () => number } {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), size: () => items.size };
}

const gone = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('reloading once for a chunk gone after a deploy', () => {
  it('recognises a failed dynamic import in each browser and a failed stylesheet preload, nothing else', () => {
    expect(isChunkLoadError(gone('https://club.example/assets/console-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://club.example/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/console-1.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /assets/a.js')).toBe(false);
  });

  it('reloads once per missing chunk, so a chunk still missing after the reload does not loop', () => {
    const storage = memory();
    expect(claimChunkReload(gone('/assets/console-1.js'), storage)).toBe(true);
    expect(claimChunkReload(gone('/assets/console-1.js'), storage)).toBe(false);
    expect(claimChunkReload(gone('/assets/console-1.js'), storage)).toBe(false);
    // Another deploy later: another file.
    expect(claimChunkReload(gone('/assets/console-2.js'), storage)).toBe(true);
    // The router's lazy route components, which reload by themselves once per failure, know it is done.
    expect(storage.getItem('tanstack_router_reload:Failed to fetch dynamically imported module: /assets/console-1.js')).not.toBeNull();
  });

  it('never reloads for other errors, nor without storage to remember it by', () => {
    const storage = memory();
    expect(claimChunkReload(new Error('boom'), storage)).toBe(false);
    expect(storage.size()).toBe(0);
    expect(claimChunkReload(gone('/assets/a.js'), null)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(claimChunkReload(gone('/assets/a.js'), refusing)).toBe(false);
  });
});
