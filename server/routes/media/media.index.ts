/**
 * `GET /api/media/{mediaId}`: public images (no auth), immutable by id, with an ETag and a strict
 * Content-Security-Policy so an SVG can never run script.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { media } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AppDeps, AppEnv } from '../../lib/types';

export function mediaRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Media not found');
    const etag = `"${id}"`;
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    const [row] = await db
      .select({ contentType: media.contentType, bytes: media.bytes })
      .from(media)
      .where(eq(media.id, id));
    if (!row) throw notFound('Media not found');
    return c.body(new Uint8Array(row.bytes), 200, { ...headers, 'Content-Type': row.contentType });
  });
}
