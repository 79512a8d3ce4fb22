/**
 * Where uploaded media bytes live (decision 0041): outside the database, so that storing or reading a 5 MB
 * image never holds the request path's database connection (PGlite has only one). The database keeps the
 * metadata (`media` row with `storage_key`, `avatar_uploads`). Two implementations: files under a directory
 * (the default, `<PODIUM_DATA_DIR>/media`) and memory (`PODIUM_DATA_DIR=memory://`, tests); an object store can
 * implement the same interface later.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type MediaStorage = {
  /** Stores `bytes` under `key` (a UUID); resolves once they are durable. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
};

const KEY = /^[0-9a-f-]{36}$/;
function checkKey(key: string) {
  // Keys become file names: only our own UUIDs, never a path.
  if (!KEY.test(key)) throw new RangeError(`invalid media storage key: ${key}`);
}

/** Bytes in a Map: for `memory://` databases and tests. */
export function memoryStorage(): MediaStorage {
  const files = new Map<string, Uint8Array>();
  return {
    async put(key, bytes) {
      checkKey(key);
      files.set(key, new Uint8Array(bytes));
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}

/**
 * One file per key under `dir` (created when missing). A file is written to a temporary name and renamed, so a
 * reader never sees half an image.
 */
export function diskStorage(dir: string): MediaStorage {
  const ready = mkdir(dir, { recursive: true });
  // A directory that cannot be made (an unmounted volume) fails each put, and /readyz, not the whole process.
  ready.catch(() => undefined);
  const pathOf = (key: string) => {
    checkKey(key);
    return join(dir, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await ready;
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes, { flush: true });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The storage for a data directory: memory for `memory://`, else `<dataDir>/media` on disk. */
export function storageForDataDir(dataDir: string): MediaStorage {
  return dataDir.startsWith('memory://') ? memoryStorage() : diskStorage(join(dataDir, 'media'));
}
