/**
 * Building blocks of the admin API (`/api/admin/...`) shared by the server, the console and the tests: the list
 * query (`?q=&status=&page=&pageSize=`), the paginated list envelope, publishing statuses, translations of texts,
 * the delete answer and audit-log entries. Every admin answer uses the same `{data}` / `{error}` envelope as the
 * fan API (ARCHITECTURE §5). Imports only zod.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';

/** Publishing statuses of a content item (rule: `src/rules/content-status.ts`). */
export const CONTENT_STATUSES = ['draft', 'scheduled', 'live', 'ended', 'archived'] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

/** Largest page of an admin list. */
const MAX_PAGE_SIZE = 100;

/** `GET /api/admin/<resource>` query: search text, status filter, 1-based page and its size (default 25). */
export const AdminListQuerySchema = z.object({
  q: TextSchema.trim().max(200).optional(),
  status: ContentStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});

/** Where a list page sits: `total` items match the query. */
export const PageMetaSchema = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** A list answer: `{data: [...], meta: {page, pageSize, total}}`, newest first. */
export const listEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMetaSchema });

/** A required display text: trimmed, 1..`max` characters. */
export const requiredText = (max: number) => TextSchema.trim().min(1, 'Required').max(max);
/** An optional text: trimmed, up to `max` characters, '' when absent. */
export const optionalText = (max: number) => TextSchema.trim().max(max).default('');

/** A content item's stable key in the organization's content document: letters, digits, `-`, `_`, `.`, 1..80. */
export const ItemKeySchema = z
  .string()
  .max(80)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/, 'Letters, digits, dot, dash or underscore (1-80)');
/** A URL slug: lower-case letters, digits and dashes, 1..80. */
export const SlugSchema = z
  .string()
  .max(80)
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, 'Lower-case letters, digits and dashes');
/** A media id (`/api/media/{id}`): a UUID of an uploaded or imported media row of the organization. */
export const MediaRefSchema = z.uuid('Not a media id').max(36);
/** Points of an item: a whole number, 0..100,000. */
export const PointsSchema = z.number().int().min(0, 'Points cannot be negative').max(100_000);
/** An absolute https URL, or an in-app path starting with `/`. */
export const LinkSchema = TextSchema.trim()
  .max(2000)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\/[^\s]+$/i.test(v), 'An https:// address or an in-app path starting with /');

/**
 * `translations` of an item: its texts by language (`{fr: {...}}`), each text optional (a missing one falls back to
 * English on the fan side).
 */
export const translationsOf = <T extends z.ZodRawShape>(shape: T) => z.object({ fr: z.object(shape).partial().optional() }).default({});

/** `DELETE /api/admin/<resource>/{id}` answer: deleted, or archived when members already earned from it. */
export const DeletionSchema = z.object({ id: z.string(), archived: z.boolean() });
export type Deletion = z.infer<typeof DeletionSchema>;
/** `DELETE /api/admin/<resource>/{id}` answer envelope. */
export const DeletionResponseSchema = envelope(DeletionSchema);

/** One audit-log entry: who changed what, when, and the changed fields before and after. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.enum([
    'create',
    'update',
    'delete',
    'archive',
    'grant',
    'revoke',
    'import',
    'result',
    'draw',
    'redraw',
    'adjust',
    'suspend',
    'lift',
    'export',
    'notify',
    'cancel',
  ]),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: TimestampSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export type AuditAction = AuditEntry['action'];
/** `GET /api/admin/audit-log` answer, newest first. */
export const AuditLogResponseSchema = listEnvelope(AuditEntrySchema);

/** `GET /api/admin/audit-log` query: filter by entity and operator, paginated. */
export const AuditLogQuerySchema = AdminListQuerySchema.omit({ status: true }).extend({
  entity: z
    .string()
    .max(40)
    .regex(/^[a-z-]{1,40}$/)
    .optional(),
  actorUserId: z.uuid().max(36).optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

/** The fields every admin item answers besides its input fields. */
export const adminItemFields = {
  id: z.string(),
  status: ContentStatusSchema,
  archivedAt: TimestampSchema.nullable(),
  updatedAt: TimestampSchema,
};
