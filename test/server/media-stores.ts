/**
 * The media stores the server tests run against: files in a temporary directory
 * (`MEDIA_STORAGE=file`) and a bucket of the local S3-compatible stand-in (`MEDIA_STORAGE=s3`,
 * `test/stand-ins/s3-store.ts`), both built from the environment as `server/main.ts` builds them.
 * Use with `describe.each(MEDIA_STORES)`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../../server/env';
import type { MediaStorage } from '../../server/lib/storage/media-object';
import { mediaStorageFor } from '../../server/lib/storage/media-storage';
import { startS3Store } from '../stand-ins/s3-store';

export const MEDIA_STORES = ['file', 's3'] as const;
type MediaStoreKind = (typeof MEDIA_STORES)[number];

/** An open store: the environment that names it, a storage on it, and `close` to remove it. */
export type OpenMediaStore = {
  env: Record<string, string>;
  storage: MediaStorage;
  /** Another storage on the same files or bucket, as a second host would build it from the same environment. */
  another(): MediaStorage;
  /** Every object or file the store holds now (a file store's temporary files of unfinished writes included). */
  names(): Promise<string[]>;
  close(): Promise<void>;
};

/** Opens an empty store of `kind`. */
export async function openMediaStore(kind: MediaStoreKind): Promise<OpenMediaStore> {
  if (kind === 'file') {
    const dir = mkdtempSync(join(tmpdir(), 'podium-media-'));
    const env = { MEDIA_STORAGE: 'file', MEDIA_DIR: dir };
    return {
      env,
      storage: mediaStorageFor(loadEnv(env)),
      another: () => mediaStorageFor(loadEnv(env)),
      names: () => readdir(dir),
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const store = await startS3Store();
  return {
    env: store.env,
    storage: mediaStorageFor(loadEnv(store.env)),
    another: () => mediaStorageFor(loadEnv(store.env)),
    // One name per object (s3rver keeps its metadata beside it). The parts of a multipart upload that failed are
    // left out: s3rver does not implement AbortMultipartUpload, which real stores do.
    names: async () => (await store.files()).filter((file) => /\._S3rver_object$/.test(file)),
    close: () => store.stop(),
  };
}
