/**
 * The first-visit preload map (scripts/lib/early-requests.ts): which files index.html's inline script asks for
 * on a first visit, per language and per signed-out path.
 */
import { describe, expect, it } from 'vitest';
import { earlyPreloads } from '../../scripts/lib/early-requests';

/** A chunk of a rolldown bundle, as the plugin reads it. */
const chunk = (fileName: string, options: { name?: string; isEntry?: boolean; facade?: string; imports?: string[] } = {}) => ({
  type: 'chunk' as const,
  fileName,
  name: options.name ?? fileName.replace(/^assets\/|-\w+\.js$/g, ''),
  isEntry: options.isEntry ?? false,
  facadeModuleId: options.facade ?? null,
  imports: options.imports ?? [],
});

const bundle = [
  chunk('assets/index-a.js', { isEntry: true, facade: '/app/src/main.tsx', imports: ['assets/framework-b.js', 'assets/client-c.js'] }),
  chunk('assets/framework-b.js'),
  chunk('assets/client-c.js', { imports: ['assets/framework-b.js'] }),
  chunk('assets/locale-en-d.js', { name: 'locale-en' }),
  chunk('assets/locale-fr-e.js', { name: 'locale-fr' }),
  chunk('assets/open-login-f.js', {
    facade: '/app/src/routes/_open/login/index.tsx?tsr-split=component',
    imports: ['assets/framework-b.js', 'assets/button-g.js'],
  }),
  chunk('assets/button-g.js', { imports: ['assets/client-c.js'] }),
  chunk('assets/open-verify-h.js', {
    facade: '/app/src/routes/_open/login/verify-email.tsx?tsr-split=component',
    imports: ['assets/button-g.js'],
  }),
  chunk('assets/open-home-i.js', { facade: '/app/src/routes/_open/index.tsx?tsr-split=component' }),
  chunk('assets/dashboard-j.js', { facade: '/app/src/routes/_auth/dashboard.tsx?tsr-split=component' }),
];

describe('earlyPreloads', () => {
  it('maps each shipped language to its first-screen strings', () => {
    expect(earlyPreloads(bundle).locales).toEqual({ en: '/assets/locale-en-d.js', fr: '/assets/locale-fr-e.js' });
  });

  it('maps each signed-out path to its route chunk and static imports, without what index.html preloads', () => {
    expect(earlyPreloads(bundle).routes).toEqual({
      '/login': ['/assets/open-login-f.js', '/assets/button-g.js'],
      '/login/verify-email': ['/assets/open-verify-h.js', '/assets/button-g.js'],
      '/': ['/assets/open-home-i.js'],
    });
  });

  it('adds a split chunk of the signed-out layout to every signed-out path', () => {
    const withLayout = [...bundle, chunk('assets/open-layout-k.js', { facade: '/app/src/routes/_open.tsx?tsr-split=component' })];
    expect(earlyPreloads(withLayout).routes['/login']).toEqual([
      '/assets/open-layout-k.js',
      '/assets/open-login-f.js',
      '/assets/button-g.js',
    ]);
  });
});
