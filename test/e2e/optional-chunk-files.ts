/**
 * The optional chunks of a build (ARCHITECTURE §6; scripts/lib/optional-chunks.ts), found independently of the
 * build plugin: from each chunk's source map, a chunk most of whose sources come from `posthog-js`, `@supabase/*`,
 * `@opentelemetry/*` or `jsqr`. Rolldown names chunks after a module (`module-*.js` for posthog-js), so a file name says
 * nothing of what a chunk holds.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const OPTIONAL_SOURCE = /node_modules\/(posthog-js|@supabase\/[^/]+|@opentelemetry\/[^/]+|jsqr)\//;

/** One optional chunk: its URL path and the package that makes up most of it. */
interface OptionalChunk {
  path: string;
  packageName: string;
}

/** The build's optional chunks: JS files of `assets/` whose source map lists mostly optional-package sources. */
export async function optionalChunksOfBuild(dir: string): Promise<OptionalChunk[]> {
  const chunks: OptionalChunk[] = [];
  for (const name of await readdir(join(dir, 'assets'))) {
    if (!name.endsWith('.js.map')) continue;
    const { sources } = JSON.parse(await readFile(join(dir, 'assets', name), 'utf8')) as { sources: string[] };
    const optional = sources.map((s) => OPTIONAL_SOURCE.exec(s)?.[1]).filter((p): p is string => Boolean(p));
    if (sources.length > 0 && optional.length / sources.length >= 0.8) {
      chunks.push({ path: `/assets/${name.replace(/\.map$/, '')}`, packageName: optional[0].replace(/\/.*$/, '') });
    }
  }
  return chunks.sort((a, b) => a.path.localeCompare(b.path));
}
