/**
 * Profile extras: who uploaded which avatar image (only the uploader may pick it, decision 0015)
 * and the e-mail identifications of `POST /user/me/identify`.
 */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './columns';
import { media } from './media';
import { users } from './users';

export const avatarUploads = pgTable(
  'avatar_uploads',
  {
    mediaId: uuid('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    userId: belongsTo('user_id', () => users.id),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 (hex) of the bytes. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatar_uploads_user_idx').on(t.userId)],
);

export const userIdentifications = pgTable(
  'user_identifications',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_identifications_user_idx').on(t.userId, t.createdAt)],
);
