/**
 * Console chunks: the operator console's JavaScript and CSS, kept out of the service worker's precache (a fan's
 * offline app has no use for it). vite.config.ts puts the console's own modules in `console-*` chunks, which
 * `globIgnores` leaves out; what the console alone needs besides them (e.g. the zod schemas of a contract only the
 * console parses at run time, or the facade chunk rolldown keeps for a split route) lands in chunks named after a
 * module. Those are found by the bundle graph, not by name: a chunk is the console's when no entry reaches it
 * through static or dynamic imports without passing through a `console-*` chunk or a console route's chunk.
 * `consoleChunksPlugin()` records them at build time; `excludeConsoleChunks` (a workbox `manifestTransform`) drops
 * them, with their CSS, from the precache manifest. An operator's browser caches them at run time like any hashed
 * asset (sw/sw.ts).
 */
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** Where the build writes the list of console-only files (relative to outDir). */
export const CONSOLE_CHUNKS_LIST = '.vite/console-chunks.json';

/** File names of the last build's console-only chunks and their CSS (relative to outDir). */
const consoleFiles = new Set<string>();

/** What `consoleOnlyChunks` reads of a rolldown/rollup output chunk. */
interface ChunkLike {
  fileName: string;
  name: string;
  /** The module a dynamic import of this chunk loads (for a split route: `src/routes/admin/...?tsr-split=...`). */
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The split-off part of a route under `src/routes/admin` (the console's pages), by module id. */
const CONSOLE_ROUTE = /[\\/]src[\\/]routes[\\/]admin(\.tsx|[\\/])/;

/** A chunk where the console starts: a `console-*` chunk, or the chunk a console route's lazy import loads. */
const isConsoleRoot = (chunk: ChunkLike) =>
  chunk.name.startsWith('console') ||
  /(^|\/)console-/.test(chunk.fileName) ||
  (chunk.facadeModuleId !== null && CONSOLE_ROUTE.test(chunk.facadeModuleId));

/**
 * The chunks (by file name) that only the console reaches. Takes the bundle's chunks; returns the file names of
 * every chunk not reachable from an entry without going through a console root (`isConsoleRoot`): the route tree
 * in the entry imports the console routes' chunks lazily, and only operators follow those imports.
 */
export function consoleOnlyChunks(chunks: readonly ChunkLike[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (queue.length) {
    const file = queue.pop()!;
    const chunk = byFile.get(file);
    if (!chunk || reached.has(file) || isConsoleRoot(chunk)) continue;
    reached.add(file);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return new Set(chunks.filter((chunk) => !reached.has(chunk.fileName)).map((chunk) => chunk.fileName));
}

/** Vite plugin (build only) recording the console-only chunks and their CSS in `generateBundle`. */
export function consoleChunksPlugin(): Plugin {
  return {
    name: 'podium:console-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      consoleFiles.clear();
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk') as unknown as ChunkLike[];
      for (const file of consoleOnlyChunks(chunks)) {
        consoleFiles.add(file);
        for (const css of chunks.find((chunk) => chunk.fileName === file)?.viteMetadata?.importedCss ?? []) consoleFiles.add(css);
      }
      // The list, for checks of the build (test/e2e/optional-chunks.spec.ts); not precached (no glob takes `.vite/`).
      this.emitFile({ type: 'asset', fileName: CONSOLE_CHUNKS_LIST, source: JSON.stringify([...consoleFiles].sort(), null, 2) });
    },
  };
}

/** Workbox manifest transform: removes the recorded console chunks from the precache manifest. */
export const excludeConsoleChunks: ManifestTransform = (entries) => ({
  manifest: entries.filter((entry) => !consoleFiles.has(entry.url.replace(/^\//, ''))),
  warnings: consoleFiles.size > 0 ? [] : ['no console chunk found to leave out of the precache'],
});
