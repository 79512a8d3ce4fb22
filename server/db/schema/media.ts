/** Binary media (images) served publicly at `GET /api/media/{id}`. */
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from './columns';
import { organizations } from './organizations';

export const media = pgTable('media', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  /** Original file name, for operators. */
  name: text('name'),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
