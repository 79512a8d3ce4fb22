/**
 * Request infrastructure kept in Postgres so that N stateless server processes agree (ARCHITECTURE §2):
 * rate-limit counters and Idempotency-Key records.
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Fixed-window counters: `bucket` names what is limited (e.g. `otp-email:<org>:<email>`). */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Idempotency-Key records (ARCHITECTURE §4). `status` null = the first request is still in flight.
 * `principal` is `user:<id>` or `visitor:<organizationId>`.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 (hex) of the raw request body. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.principal, t.key] })],
);
