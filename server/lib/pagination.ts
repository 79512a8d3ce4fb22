/**
 * Pages of the console's lists: `?page=` from 1 and `?pageSize=` rows (the list contracts of `src/contracts/admin`),
 * answered with `meta: {page, pageSize, total}`.
 */
import type { PgSelect } from 'drizzle-orm/pg-core';

/** A page asked for: `page` from 1, `pageSize` rows. */
type PageQuery = { page: number; pageSize: number };

/**
 * One page of `select` (already filtered and ordered, made `$dynamic()`), read beside `total`, the count of every
 * row the filter keeps.
 * @returns the page's `rows` and its `meta` `{page, pageSize, total}`
 */
export async function pageOf<T extends PgSelect>(select: T, total: Promise<number>, query: PageQuery) {
  const [rows, count] = await Promise.all([select.limit(query.pageSize).offset((query.page - 1) * query.pageSize), total]);
  return { rows: rows as Awaited<T>, meta: { page: query.page, pageSize: query.pageSize, total: count } };
}
