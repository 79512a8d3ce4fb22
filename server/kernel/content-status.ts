/**
 * The publishing status of content (rule: `src/rules/content-status.ts`) as SQL, for every area that lists only
 * what fans may see (benefits, the carousel) and for the console's status filter.
 */
import { and, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentStatus } from '../../src/contracts/admin/common';

/** The columns of a resource's publishing status (see `src/rules/content-status.ts`); absent ones do not apply. */
export type StatusColumns = { archivedAt?: PgColumn; draft?: PgColumn; start?: PgColumn; end?: PgColumn };

/** SQL condition selecting items of `status` at `now` (mirrors `contentStatusAt` of the rule). */
export function statusCondition(columns: StatusColumns, status: ContentStatus, now: Date): SQL {
  const notArchived = columns.archivedAt ? isNull(columns.archivedAt) : sql`true`;
  const notDraft = columns.draft ? eq(columns.draft, false) : sql`true`;
  const published = and(notArchived, notDraft)!;
  const started = columns.start ? or(isNull(columns.start), lte(columns.start, now))! : sql`true`;
  const open = columns.end ? or(isNull(columns.end), gt(columns.end, now))! : sql`true`;
  switch (status) {
    case 'archived':
      return columns.archivedAt ? isNotNull(columns.archivedAt) : sql`false`;
    case 'draft':
      return columns.draft ? and(notArchived, eq(columns.draft, true))! : sql`false`;
    case 'scheduled':
      return columns.start ? and(published, gt(columns.start, now))! : sql`false`;
    case 'ended':
      return columns.end ? and(published, started, lte(columns.end, now))! : sql`false`;
    case 'live':
      return and(published, started, open)!;
  }
}
