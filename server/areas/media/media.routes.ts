/**
 * `GET /api/media/{mediaId}`: public media (no auth), immutable by id, with an ETag and a strict
 * Content-Security-Policy so an SVG can never run script. Uploaded bytes are streamed from the media storage
 * (decisions 0041, 0088), a range as a ranged read of the store, never read whole; seeded ones come from the row. Served with the stored (sniffed) Content-Type: images, MP4/WebM
 * video and PDF; a single byte range (`Range: bytes=a-b`) is answered 206 so video players can seek (Safari needs
 * it to play at all), an unsatisfiable one 416.
 */
import { Readable } from 'node:stream';
import parseRange from 'range-parser';
import { PathIdSchema } from '../../../src/contracts/common';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { ByteRange } from '../../lib/storage/media-object';
import { storedMedia } from './media.service';

/** Headers of every media answer; a PDF is not sandboxed (browsers' PDF viewers refuse to run in a sandbox). */
function headersFor(etag: string, contentType: string | null): Record<string, string> {
  const sandbox = contentType === 'application/pdf' ? '' : '; sandbox';
  return {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'${sandbox}`,
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Accept-Ranges': 'bytes',
  };
}

/**
 * The one byte range `header` asks for in a file of `size` bytes: null to answer the whole file (a malformed header
 * or several ranges, allowed by RFC 9110 §14.2), 'unsatisfiable' for a 416.
 */
function rangeOf(size: number, header: string): ByteRange | 'unsatisfiable' | null {
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0].start, end: ranges[0].end };
}

/** Headers of a 206 answer for `part` of a file of `size` bytes. */
function partHeaders(part: ByteRange, size: number): Record<string, string> {
  return { 'Content-Range': `bytes ${part.start}-${part.end}/${size}`, 'Content-Length': String(part.end - part.start + 1) };
}

/** `GET /media/{id}`. */
const mediaRoute = declareRoute({
  method: 'get',
  path: '/{id}',
  summary: 'A media file (image, video or PDF) by its id: immutable, with an ETag and byte ranges',
  tags: ['media'],
  auth: 'none',
  params: { id: PathIdSchema },
  response: { mediaTypes: ['image/*', 'video/mp4', 'video/webm', 'application/pdf'] },
  otherResponses: {
    206: 'Partial content: the one byte range asked for in Range.',
    304: 'Not modified: If-None-Match names this file.',
    416: 'Range not satisfiable (Content-Range gives the size).',
  },
  errors: { 404: 'NotFound: no media has this id.' },
});

export function mediaRoutes({ db, storage }: AppDeps) {
  return routeGroup().openapi(mediaRoute, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound('Media not found');
    const etag = `"${id}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headersFor(etag, null));
    const row = await storedMedia({ db }, id);
    if (!row) throw notFound('Media not found');
    const headers = { ...headersFor(etag, row.contentType), 'Content-Type': row.contentType };
    const range = c.req.header('range');
    // Seeded images are in the row, small and whole.
    if (!row.storageKey) {
      if (!row.bytes) throw notFound('Media not found');
      const part = range ? rangeOf(row.bytes.length, range) : null;
      if (part === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${row.bytes.length}` });
      if (part)
        return c.body(new Uint8Array(row.bytes.subarray(part.start, part.end + 1)), 206, {
          ...headers,
          ...partHeaders(part, row.bytes.length),
        });
      return c.body(new Uint8Array(row.bytes), 200, headers);
    }
    // Uploads are streamed from the media storage, off the database connection; a range is read from the store as
    // a range, so a 200 MB video is never held in memory.
    let part: ByteRange | null = null;
    if (range) {
      const info = await storage.head(row.storageKey);
      if (!info) throw notFound('Media not found');
      const asked = rangeOf(info.size, range);
      if (asked === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${info.size}` });
      part = asked;
    }
    const read = await storage.read(row.storageKey, part ?? undefined);
    if (!read) throw notFound('Media not found');
    const body = Readable.toWeb(read.body) as ReadableStream<Uint8Array>;
    if (part) return c.body(body, 206, { ...headers, ...partHeaders(part, read.size) });
    return c.body(body, 200, { ...headers, 'Content-Length': String(read.size) });
  });
}
