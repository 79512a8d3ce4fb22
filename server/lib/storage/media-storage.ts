/**
 * Where uploaded media bytes live (decisions 0041, 0088): outside the database, so that storing or reading a
 * 200 MB video never holds the request path's database connection (PGlite has only one). The database keeps the
 * metadata (`media` row with `storage_key`, `avatar_uploads`). Three implementations of one interface:
 * - files under a directory (`MEDIA_STORAGE=file`, the default: `MEDIA_DIR` or `<PODIUM_DATA_DIR>/media`),
 * - an S3 bucket or an S3-compatible store (`MEDIA_STORAGE=s3`, `server/lib/storage/s3-media-storage.ts`), shared by
 *   every host of a club that runs several behind a load balancer,
 * - memory (`PODIUM_DATA_DIR=memory://`, tests).
 * Bytes move as streams: a 200 MB video is never held whole in memory, by a write or by a (ranged) read.
 * `mediaStorageFor(env)` picks the one the environment names. A tool that copies media between stores (a database
 * move) builds both the same way, e.g. `mediaStorageFor(loadEnv({ MEDIA_DIR: '/old/media' }))` and
 * `mediaStorageFor(loadEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: …, AWS_REGION: … }))`, then for each `media.storage_key`
 * pipes `read(key)`'s body into `put(key, body)` and compares `head(key).size` with `media.size_bytes`.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../../env';
import { checkMediaKey, collectBytes, type MediaStorage, type StoredObjectInfo } from './media-object';
import { s3MediaStorage } from './s3-media-storage';

/** Bytes in a Map: for `memory://` databases and tests. */
export function memoryStorage(): MediaStorage {
  const files = new Map<string, { bytes: Uint8Array; etag: string }>();
  const info = (file: { bytes: Uint8Array; etag: string }): StoredObjectInfo => ({ size: file.bytes.length, etag: file.etag });
  return {
    kind: 'memory',
    async put(key, body) {
      checkMediaKey(key);
      const bytes = body instanceof Uint8Array ? new Uint8Array(body) : await collectBytes(body);
      const file = { bytes, etag: `"${randomUUID()}"` };
      files.set(key, file);
      return info(file);
    },
    async read(key, range) {
      checkMediaKey(key);
      const file = files.get(key);
      if (!file) return null;
      const bytes = range ? file.bytes.subarray(range.start, range.end + 1) : file.bytes;
      return { ...info(file), body: Readable.from([Buffer.from(bytes)]) };
    },
    async head(key) {
      checkMediaKey(key);
      const file = files.get(key);
      return file ? info(file) : null;
    },
    async get(key) {
      checkMediaKey(key);
      return files.get(key)?.bytes ?? null;
    },
    async delete(key) {
      checkMediaKey(key);
      files.delete(key);
    },
  };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * One file per key under `dir` (created when missing). A file is written to a temporary name, flushed and renamed,
 * so a reader never sees half an image. Its ETag is made of its size and modification time.
 */
function diskStorage(dir: string): MediaStorage {
  const ready = mkdir(dir, { recursive: true });
  // A directory that cannot be made (an unmounted volume) fails each put, and /readyz, not the whole process.
  ready.catch(() => undefined);
  const pathOf = (key: string) => {
    checkMediaKey(key);
    return join(dir, key);
  };
  const head = async (key: string): Promise<StoredObjectInfo | null> => {
    try {
      const stats = await stat(pathOf(key));
      return { size: stats.size, etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"` };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    kind: 'file',
    async put(key, body) {
      const path = pathOf(key);
      await ready;
      const temporary = `${path}.${randomUUID()}.tmp`;
      try {
        const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]) : body;
        await pipeline(source, createWriteStream(temporary, { flush: true }));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return (await head(key))!;
    },
    async read(key, range) {
      const path = pathOf(key);
      // Opened before answering, so a missing file is null rather than a stream that fails later.
      const found = await head(key);
      if (!found) return null;
      const body = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      return { ...found, body };
    },
    head,
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * The storage the environment names: an S3 bucket for `MEDIA_STORAGE=s3`; else memory for a `memory://` data
 * directory, else files under `MEDIA_DIR` or `<PODIUM_DATA_DIR>/media`.
 */
export function mediaStorageFor(env: Env): MediaStorage {
  if (env.MEDIA_STORAGE === 's3') return s3MediaStorage(env);
  if (env.MEDIA_DIR) return diskStorage(env.MEDIA_DIR);
  return env.PODIUM_DATA_DIR.startsWith('memory://') ? memoryStorage() : diskStorage(join(env.PODIUM_DATA_DIR, 'media'));
}
