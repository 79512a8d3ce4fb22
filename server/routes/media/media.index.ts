/**
 * `GET /api/media/{mediaId}`: public media (no auth), immutable by id, with an ETag and a strict
 * Content-Security-Policy so an SVG can never run script. Uploaded bytes come from the media storage
 * (decision 0041), seeded ones from the row. Served with the stored (sniffed) Content-Type: images, MP4/WebM
 * video and PDF; a single byte range (`Range: bytes=a-b`) is answered 206 so video players can seek (Safari needs
 * it to play at all), an unsatisfiable one 416.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import parseRange from 'range-parser';
import { PathIdSchema } from '../../../src/contracts/common';
import { media } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { documented } from '../../lib/openapi';
import type { AppDeps, AppEnv } from '../../lib/types';

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

export function mediaRoutes({ db, storage }: AppDeps) {
  return new Hono<AppEnv>().get('/:id', documented({
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
  }), async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Media not found');
    const etag = `"${id}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headersFor(etag, null));
    const [row] = await db
      .select({ contentType: media.contentType, bytes: media.bytes, storageKey: media.storageKey })
      .from(media)
      .where(eq(media.id, id));
    if (!row) throw notFound('Media not found');
    // Uploads are read from the media storage, off the database connection; seeded images are in the row.
    const bytes = row.storageKey ? await storage.get(row.storageKey) : row.bytes;
    if (!bytes) throw notFound('Media not found');
    const headers = { ...headersFor(etag, row.contentType), 'Content-Type': row.contentType };
    const range = c.req.header('range');
    if (range) {
      const ranges = parseRange(bytes.length, range, { combine: true });
      if (ranges === -1) return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${bytes.length}` });
      // A malformed header or several ranges: the whole file (allowed by RFC 9110 §14.2).
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
        const { start, end } = ranges[0];
        return c.body(new Uint8Array(bytes.subarray(start, end + 1)), 206, {
          ...headers,
          'Content-Range': `bytes ${start}-${end}/${bytes.length}`,
        });
      }
    }
    return c.body(new Uint8Array(bytes), 200, headers);
  });
}
