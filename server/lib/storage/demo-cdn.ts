/**
 * The demo CDN: video clips and PDFs of the demo organization in `server/seed/cdn/`, served at `/cdn/{file}` when
 * `PUBLIC_CDN_BASE` is the default. A club's own CDN is elsewhere; content may name files on it by name.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Directory of the demo CDN's files. */
export const CDN_DIR = fileURLToPath(new URL('../../seed/cdn/', import.meta.url));

/**
 * Size in bytes of the demo CDN's file `name`, or null when the demo CDN has no such file (a club's own CDN).
 * @param name a plain file name (no directory part)
 */
export async function demoCdnFileSize(name: string): Promise<number | null> {
  if (!/^[a-z0-9][a-z0-9.-]{0,120}$/i.test(name) || name.includes('..')) return null;
  try {
    return (await stat(join(CDN_DIR, name))).size;
  } catch {
    return null;
  }
}
