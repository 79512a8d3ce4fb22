/**
 * Optional chunks: JavaScript that only some deployments load, kept out of the service worker's precache
 * (ARCHITECTURE §6). Today: PostHog analytics (`posthog-js`, only with an analytics key), OpenTelemetry
 * browser traces (`@opentelemetry/*`, only with a telemetry endpoint) and the Supabase client (`@supabase/*`, only
 * in supabase auth mode) — about 630 KiB that every install would otherwise download up front — and the `jsqr`
 * QR decoder (only where the browser's `BarcodeDetector` cannot read QR codes; the preload for the stands fetches
 * it during a live venue event: src/components/qr-decoder.ts).
 *
 * Chunks are recognised by what they contain, not by their file names (rolldown names them after a module, e.g.
 * `module-*.js` for posthog-js, `dist-*.js` for supabase-js): `optionalChunksPlugin()` records, at build time,
 * every non-entry chunk whose rendered code comes mostly from `OPTIONAL_PACKAGES`; `excludeOptionalChunks` (a
 * workbox `manifestTransform`, used in vite.config.ts `injectManifest.manifestTransforms`) drops those files from
 * the precache manifest. A deployment that does load them gets them cached at run time by the service worker's
 * cache-first route for hashed `/assets/` files (sw/sw.ts), so they work offline once loaded.
 */
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** Module ids of the optional packages (node_modules paths, POSIX or Windows separators). */
const OPTIONAL_PACKAGES = /[\\/]node_modules[\\/](posthog-js|@supabase|@opentelemetry|jsqr)[\\/]/;

/** Share of a chunk's rendered code that must come from `OPTIONAL_PACKAGES` for the chunk to count as optional. */
const OPTIONAL_SHARE = 0.8;

/** File names (relative to the build's outDir, e.g. `assets/module-AbC123.js`) of the last build's optional chunks. */
const optionalFiles = new Set<string>();

/** What `isOptionalChunk` reads of a rolldown/rollup output chunk. */
interface ChunkLike {
  isEntry: boolean;
  modules: Record<string, { renderedLength: number }>;
}

/**
 * True when `chunk` is optional: not an entry, and at least `OPTIONAL_SHARE` of its rendered code (bytes) comes
 * from modules of `OPTIONAL_PACKAGES` (the telemetry chunk also holds the app's small `telemetry-sdk.ts`).
 */
function isOptionalChunk(chunk: ChunkLike): boolean {
  if (chunk.isEntry) return false;
  let total = 0;
  let optional = 0;
  for (const [id, module] of Object.entries(chunk.modules)) {
    total += module.renderedLength;
    if (OPTIONAL_PACKAGES.test(id)) optional += module.renderedLength;
  }
  return total > 0 && optional / total >= OPTIONAL_SHARE;
}

/**
 * Vite plugin (build only) recording the optional chunks of the bundle in `generateBundle`, before
 * vite-plugin-pwa builds the precache manifest (in `closeBundle`). Returns the plugin.
 */
export function optionalChunksPlugin(): Plugin {
  return {
    name: 'podium:optional-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      optionalFiles.clear();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && isOptionalChunk(output)) optionalFiles.add(output.fileName);
      }
    },
  };
}

/**
 * Workbox manifest transform: removes the recorded optional chunks from the precache manifest and warns with
 * what it removed. Takes the manifest entries (URLs relative to the build directory); returns the rest.
 */
export const excludeOptionalChunks: ManifestTransform = (entries) => {
  const manifest = entries.filter((entry) => !optionalFiles.has(entry.url.replace(/^\//, '')));
  const removed = entries.length - manifest.length;
  return { manifest, warnings: removed > 0 ? [] : ['no optional chunk found to leave out of the precache'] };
};
