/**
 * What every media store shares (`media-storage.ts` picks one, `s3-media-storage.ts` is one): the interface, the
 * shapes of an object and a byte range, the key check and reading a stream whole.
 */
import type { Readable } from 'node:stream';

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
