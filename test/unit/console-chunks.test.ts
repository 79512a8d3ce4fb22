/**
 * Which build chunks are the operator console's (scripts/lib/console-chunks.ts), kept out of the service worker's
 * precache: those no entry reaches without going through a `console-*` chunk or a console route's lazy chunk. A
 * chunk the fan app reaches is never one of them, even when the console also imports it.
 */
import { describe, expect, it } from 'vitest';
import { consoleOnlyChunks } from '../../scripts/lib/console-chunks';

const chunk = (fileName: string, over: Partial<Parameters<typeof consoleOnlyChunks>[0][number]> = {}) => ({
  fileName,
  name: fileName.replace(/-.*$/, ''),
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  ...over,
});

describe('console chunks', () => {
  it('finds what only the console reaches, by the graph, and never a chunk the fan app reaches', () => {
    const chunks = [
      chunk('index-1.js', { isEntry: true, imports: ['client-1.js'], dynamicImports: ['dashboard-1.js', '_id-1.js', 'console-1.js'] }),
      chunk('dashboard-1.js', { imports: ['client-1.js', 'challenge-card-1.js'] }),
      chunk('client-1.js'),
      chunk('challenge-card-1.js'),
      // The lazy chunk of a console route (named after its module), re-exporting from the console chunk.
      chunk('_id-1.js', {
        facadeModuleId: '/app/src/routes/admin/$resource/$id.tsx?tsr-split=component',
        imports: ['console-1.js', 'challenge-card-1.js', 'contract-1.js'],
      }),
      chunk('console-1.js', { imports: ['client-1.js', 'dnd-1.js'], dynamicImports: ['console-locale-en-1.js'] }),
      chunk('contract-1.js'),
      chunk('dnd-1.js'),
      chunk('console-locale-en-1.js'),
      // A fan route named like a console one is still the fan's.
      chunk('_id-2.js', { facadeModuleId: '/app/src/routes/_auth/stories/$id.tsx?tsr-split=component' }),
    ];
    chunks[0].dynamicImports.push('_id-2.js');
    expect([...consoleOnlyChunks(chunks)].sort()).toEqual([
      '_id-1.js',
      'console-1.js',
      'console-locale-en-1.js',
      'contract-1.js',
      'dnd-1.js',
    ]);
  });
});
