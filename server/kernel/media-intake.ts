/**
 * The one gate every stored media file passes (decision 0074): an operator's upload (`POST /api/admin/media`), a
 * member's avatar (`POST /api/media`) and each media entry of an imported content document (`POST
 * /api/admin/import`, `npm run content -- import`, the demo seed).
 * - The type is read from the bytes (`file-type`), never from a declared type, and must be on the caller's list
 *   (`UPLOAD_CONTENT_TYPES` by default: JPEG, PNG, WebP, GIF, MP4, WebM, PDF; SVG is never on it, it can carry
 *   script), else 415.
 * - The size limit of its kind (`MEDIA_SIZE_LIMITS` by default), else 413.
 * - An image is decoded and encoded again by `sharp` in its own format: turned upright from its EXIF orientation,
 *   scaled down to fit inside `MAX_IMAGE_EDGE` square, and stored without any metadata (EXIF with its GPS position
 *   and author, XMP, IPTC, ICC, comments), so a photo never gives away where or by whom it was taken, and bytes
 *   that only start like an image (a PNG signature followed by HTML) are refused with 422.
 * Videos and PDFs are stored as they are. `acceptMedia` takes a file whole; `acceptMediaStream` takes one as it
 * arrives, so a 200 MB video is streamed to the media storage and never held in memory.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_IMAGE_EDGE, MEDIA_SIZE_LIMITS, UPLOAD_CONTENT_TYPES, type UploadContentType } from '../../src/contracts/admin/media';
import { ApiError, validationFailed } from '../lib/errors';

/** A kind of stored media. */
type StoredKind = (typeof UPLOAD_CONTENT_TYPES)[UploadContentType];

/** What a path accepts: its content types (a subset of the upload list) and the largest file of each kind, in bytes. */
export type MediaRules = {
  types: readonly UploadContentType[];
  limits: Readonly<Record<StoredKind, number>>;
};

/** The operators' rules, which imports follow too. */
const UPLOAD_RULES: MediaRules = {
  types: Object.keys(UPLOAD_CONTENT_TYPES) as UploadContentType[],
  limits: MEDIA_SIZE_LIMITS,
};

/** A file that passed the gate: what to store. */
export type AcceptedMedia = {
  contentType: UploadContentType;
  kind: StoredKind;
  /** The bytes to store: re-encoded for an image, the original otherwise. */
  bytes: Uint8Array;
  /** Pixel size of a stored image; null for video and PDF. */
  width: number | null;
  height: number | null;
};

const MB = 1024 * 1024;

/** Readable names of the types, for the 415 message. */
const TYPE_NAMES: Record<UploadContentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'application/pdf': 'PDF',
};

/**
 * Re-encodes an image in its own format, upright, inside `MAX_IMAGE_EDGE` square (never enlarged, never cropped),
 * without metadata (sharp keeps none unless asked to); an animated GIF keeps its frames.
 * @throws ApiError 422 ValidationFailed (path `file`) when sharp cannot decode the bytes
 */
async function reencodeImage(bytes: Uint8Array, type: UploadContentType): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  try {
    const image = sharp(bytes, { animated: type === 'image/gif' })
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : type === 'image/png'
          ? image.png()
          : type === 'image/webp'
            ? image.webp({ quality: 85 })
            : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw validationFailed('The image cannot be read', [{ path: 'file', message: 'Not a readable image' }]);
  }
}

/**
 * Checks a file against `rules` and gives what to store.
 * @param bytes the file as received (not empty: callers answer an empty file in their own words)
 * @returns its sniffed type and kind, and the bytes to store (an image re-encoded without metadata)
 * @throws ApiError 415 UnsupportedMediaType (details.detected: the sniffed type or null) when the bytes are not of
 *   an accepted type; 413 PayloadTooLarge (details.limitBytes) past the limit of its kind; 422 ValidationFailed when
 *   an image cannot be decoded
 */
export async function acceptMedia(bytes: Uint8Array, rules: MediaRules = UPLOAD_RULES): Promise<AcceptedMedia> {
  const { contentType, kind } = await identify(bytes, rules);
  checkSize(bytes.length, kind, rules);
  if (kind !== 'image') return { contentType, kind, bytes, width: null, height: null };
  return { contentType, kind, ...(await reencodeImage(bytes, contentType)) };
}

/** The sniffed type of a file from its first bytes, if on the list; else 415 (see `acceptMedia`). */
async function identify(head: Uint8Array, rules: MediaRules): Promise<{ contentType: UploadContentType; kind: StoredKind }> {
  const sniffed = (await fileTypeFromBuffer(head))?.mime;
  const contentType = rules.types.find((type) => type === sniffed);
  if (!contentType) {
    const names = rules.types.map((type) => TYPE_NAMES[type]).join(', ');
    throw new ApiError(415, 'UnsupportedMediaType', `Only these files can be stored: ${names}`, { detected: sniffed ?? null });
  }
  return { contentType, kind: UPLOAD_CONTENT_TYPES[contentType] };
}

/** 413 when `size` bytes is past the limit of `kind` (see `acceptMedia`). */
function checkSize(size: number, kind: StoredKind, rules: MediaRules): void {
  const limit = rules.limits[kind];
  if (size > limit) {
    throw new ApiError(413, 'PayloadTooLarge', `This file is larger than ${Math.round(limit / MB)} MB`, { limitBytes: limit });
  }
}

/** Bytes read from a streamed file before its type is sniffed (file-type looks at most at the first few KB). */
const SNIFF_BYTES = 64 * 1024;

/** A streamed file that passed the gate's first checks: what to hand to the media storage. */
type AcceptedMediaStream = Omit<AcceptedMedia, 'bytes'> & {
  /**
   * The bytes to store: whole for an image (at most the image limit, re-encoded), else a stream of the original
   * that fails with the 413 ApiError once it passes the limit of its kind.
   */
  body: Uint8Array | Readable;
  /** Once `body` has been read to its end: the SHA-256 (hex) of the file as received. */
  digest(): string;
};

/**
 * `acceptMedia` for a file arriving as a stream (an operator's 200 MB video), reading no more of it into memory
 * than its first `SNIFF_BYTES`, except an image, which is read whole (within its kind's limit) to be re-encoded.
 * The same gate: type sniffed from the first bytes (415), the limit of its kind (413, for a video or PDF raised
 * while `body` is read), images re-encoded without metadata (422 when undecodable).
 * @param file the file's bytes; read through an iterator that leaves it open, so a refused file can be drained
 * @returns null for an empty file (callers answer it in their own words), else what to store
 */
export async function acceptMediaStream(file: Readable, rules: MediaRules = UPLOAD_RULES): Promise<AcceptedMediaStream | null> {
  const hash = createHash('sha256');
  const chunks = file.iterator({ destroyOnReturn: false });
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  const take = async () => {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      return null;
    }
    const chunk = next.value as Buffer;
    size += chunk.length;
    hash.update(chunk);
    return chunk;
  };
  // Whatever ends the reading early leaves the file open (not destroyed) and without our listener, to be drained.
  const release = async () => {
    if (!ended) await chunks.return?.();
  };
  let digest: string | null = null;
  const finish = () => {
    digest = hash.digest('hex');
  };
  const digestOf = () => {
    if (digest === null) throw new Error('the file has not been read to its end');
    return digest;
  };
  let contentType: UploadContentType;
  let kind: StoredKind;
  try {
    while (size < SNIFF_BYTES && !ended) {
      const chunk = await take();
      if (chunk) head.push(chunk);
    }
    if (size === 0) return null;
    ({ contentType, kind } = await identify(Buffer.concat(head), rules));
    checkSize(size, kind, rules);
    if (kind === 'image') {
      while (!ended) {
        const chunk = await take();
        checkSize(size, kind, rules);
        if (chunk) head.push(chunk);
      }
      finish();
      const image = await reencodeImage(new Uint8Array(Buffer.concat(head)), contentType);
      return { contentType, kind, body: image.bytes, width: image.width, height: image.height, digest: digestOf };
    }
  } catch (error) {
    await release();
    throw error;
  }
  const limitOf = kind;
  async function* rest() {
    try {
      yield* head;
      while (!ended) {
        const chunk = await take();
        checkSize(size, limitOf, rules);
        if (chunk) yield chunk;
      }
      finish();
    } finally {
      await release();
    }
  }
  return { contentType, kind, body: Readable.from(rest(), { objectMode: false }), width: null, height: null, digest: digestOf };
}
