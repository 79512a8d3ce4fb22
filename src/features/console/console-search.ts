/**
 * The search parameters of the console's pages, read from the URL: a list's `q`, `status` and `page`, the audit
 * log's `entity` and `actorUserId`, an editor's `from` (the item to duplicate) and the figures' `period`. The route definitions only pass
 * the raw search through (their code is part of the route tree every visitor loads); this module cleans it.
 */
import { CONTENT_STATUSES, type ContentStatus } from '../../contracts/admin/common';
import { FIGURES_PERIODS, type FiguresPeriod } from '../../contracts/admin/figures';

/** Every search parameter a console page reads (all optional). */
export interface ConsoleSearch {
  q?: string;
  status?: ContentStatus;
  page?: number;
  entity?: string;
  actorUserId?: string;
  from?: string;
  /** The figures dashboard's period. */
  period?: FiguresPeriod;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The usable parameters of a raw search object: unknown statuses, empty texts and pages below 2 are dropped. */
export function readConsoleSearch(search: Record<string, unknown>): ConsoleSearch {
  const page = Number(search.page);
  const status = text(search.status);
  return {
    q: text(search.q),
    status: (CONTENT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ContentStatus) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    entity: text(search.entity),
    actorUserId: text(search.actorUserId),
    from: text(search.from),
    period: (FIGURES_PERIODS as readonly string[]).includes(text(search.period) ?? '') ? (search.period as FiguresPeriod) : undefined,
  };
}
