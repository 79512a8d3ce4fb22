/**
 * Column helpers shared by the schema files, so that a column every table spells alike is written once: the
 * random `id`, references that go with their parent row, `created_at`, `sort_order` and `translations`; timestamps
 * with time zone as JS `Date`, and `bytea` as a Node `Buffer` (drizzle pg-core has no built-in bytea; PGlite
 * returns `Uint8Array`, node-postgres `Buffer`, both normalised to `Buffer`).
 * Each helper returns a new column builder with the SQL name given here, so the generated SQL is what the
 * columns spelled out in full would give (`npm run db:generate` reports no change).
 */
import { boolean, customType, integer, jsonb, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `timestamptz` read and written as a JS `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `bytea` column holding raw bytes. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The primary key `id`: a random UUID set by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/**
 * A required `uuid` column `name` referencing `target` (e.g. `() => users.id`); the row is deleted with its
 * parent (`on delete cascade`): a member's or an organization's rows go when they go.
 */
export const belongsTo = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** `created_at`, set by the database when the row is inserted. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `sort_order`: display order, ascending (0 by default). */
export const sortOrder = () => integer('sort_order').notNull().default(0);

/** `translations`: the row's texts in other languages, by language (`{fr: {...}}`); `{}` when there are none. */
export const translations = <T>() => jsonb('translations').$type<Record<string, T>>().notNull().default({});

/**
 * `archived_at`: when an operator archived the row (null = not archived). Content that members earned points from
 * is archived instead of deleted, so the ledger keeps its references; fans never see an archived row.
 */
export const archivedAt = () => timestamptz('archived_at');

/** `draft`: true while an operator is still writing the row; fans never see a draft. */
export const draft = () => boolean('draft').notNull().default(false);

/**
 * `key`: the item's stable key in the organization's content document (import is idempotent by it); null for
 * rows created in the console until they are exported.
 */
export const itemKey = () => text('key');

/** `updated_at`, set by the database on insert; the admin API sets it on every change. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
