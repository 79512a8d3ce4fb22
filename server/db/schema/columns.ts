/**
 * Column helpers shared by the schema files: timestamps with time zone as JS `Date`, and `bytea` as a Node
 * `Buffer` (drizzle pg-core has no built-in bytea; PGlite returns `Uint8Array`, node-postgres `Buffer`, both
 * normalised to `Buffer`).
 */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** `timestamptz` read and written as a JS `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `bytea` column holding raw bytes. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
