/**
 * Where uploaded media bytes live (decisions 0041, 0088): outside the database, so that storing or reading a
 * 200 MB video never holds the request path's database connection (PGlite has only one). The database keeps the
 * metadata (`media` row with `storage_key`, `avatar_uploads`). Three implementations of one interface:
 * - files under a directory (`MEDIA_STORAGE=file`, the default: `MEDIA_DIR` or `<PODIUM_DATA_DIR>/media`),
 * - an S3 bucket or an S3-compatible store (`MEDIA_STORAGE=s3`, `server/storage/s3-media-storage.ts`), shared by
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
import type { Env } from '../env';
import { s3MediaStorage } from './s3-media-storage';

/** What a store knows of one object: its size in bytes and the store's own ETag (changes when the bytes do). */
export type StoredObjectInfo = { size: number; etag: string };

/** A byte range of an object, both ends included (as in `Content-Range`); `end` < the object's size. */
export type ByteRange = { start: number; end: number };

/** An object (or one range of it) being read: `body` streams the bytes; `size` is the whole object's size. */
export type StoredObjectRead = StoredObjectInfo & { body: Readable };

/** Bytes to store: whole (a re-encoded image) or a stream (a video arriving from the network). */
export type PutBody = Uint8Array | Readable;

/** The interface every media store satisfies; keys are our own UUIDs (anything else is a `RangeError`). */
export type MediaStorage = {
  /** `file`, `s3` or `memory`: for logs and tools. */
  readonly kind: 'file' | 's3' | 'memory';
  /**
   * Stores `body` under `key`, replacing any object there; resolves once the bytes are durable and whole (a reader
   * never sees part of them). A stream that errors stores nothing and rejects with its error.
   * @param options.contentType kept by stores that keep one (S3), for people browsing the bucket
   * @returns the stored object's size and ETag
   */
  put(key: string, body: PutBody, options?: { contentType?: string }): Promise<StoredObjectInfo>;
  /**
   * Streams the object under `key`, or only `range` of it (which the caller has checked against `head`'s size).
   * The caller must read or destroy `body`. Null when there is no such object.
   */
  read(key: string, range?: ByteRange): Promise<StoredObjectRead | null>;
  /** Size and ETag of the object under `key`, or null when there is none. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /**
   * The whole object in memory, or null when there is none: only for small files (images of at most a few MB,
   * a content document's export); videos are read with `read`.
   */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
};

const KEY = /^[0-9a-f-]{36}$/;
/**
 * Keys become file names and object names: only our own UUIDs, never a path.
 * @throws RangeError for anything else
 */
export function checkMediaKey(key: string): void {
  if (!KEY.test(key)) throw new RangeError(`invalid media storage key: ${key}`);
}

/** Reads a stream to its end into one array. */
export async function collectBytes(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

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
