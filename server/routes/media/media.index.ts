/**
 * `GET /api/media/{mediaId}`: public images (no auth), immutable by id, with an ETag and a strict
 * Content-Security-Policy so an SVG can never run script. Uploaded bytes come from the media storage
 * (decision 0041), seeded ones from the row.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { media } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AppDeps, AppEnv } from '../../lib/types';

export function mediaRoutes({ db, storage }: AppDeps) {
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
      .select({ contentType: media.contentType, bytes: media.bytes, storageKey: media.storageKey })
      .from(media)
      .where(eq(media.id, id));
    if (!row) throw notFound('Media not found');
    // Uploads are read from the media storage, off the database connection; seeded images are in the row.
    const bytes = row.storageKey ? await storage.get(row.storageKey) : row.bytes;
    if (!bytes) throw notFound('Media not found');
    return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': row.contentType });
  });
}
