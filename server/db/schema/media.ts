/**
 * Media (images) served publicly at `GET /api/media/{id}`. Uploads keep their bytes in the media storage
 * (`server/lib/storage/`) under `storageKey`; `bytes` holds the seeded organization images and rows stored before
 * the storage existed (decision 0041). Exactly one of the two is set.
 */
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, bytea } from './columns';
import { organizations } from './organizations';

export const media = pgTable(
  'media',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Original file name, for operators. */
    name: text('name'),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes'),
    /** Key of the bytes in the media storage, or null when they are in `bytes`. */
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    /** Stable key in the organization's content document (the file's name beside it), for import. */
    key: text('key'),
    /** Pixel size of an image (after the server's resizing), null for video, PDF and SVG. */
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [uniqueIndex('media_org_key_uq').on(t.organizationId, t.key)],
);
