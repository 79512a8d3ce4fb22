/**
 * The figures a club watches, for operators (contract `src/contracts/admin/figures.ts`):
 * - `GET /api/admin/figures?period=today|7d|30d|season` -> `{data: Figures}`, every figure of the period.
 * - `GET /api/admin/figures.csv?period=&figure=` -> one figure as a CSV file (RFC 4180, UTF-8, a header row;
 *   columns in `figureTable`), served as an attachment named after the figure and its days; a text cell that starts
 *   like a spreadsheet formula is prefixed with `'` (`src/rules/csv-cell.ts`).
 * Days are the organization's time zone's (`server/areas/console/figures.service.ts`). Nothing is audit-logged: the request only
 * reads, and rolls up the closed days it reads.
 */
import { stringify } from 'csv-stringify/sync';
import { FiguresCsvQuerySchema, FiguresQuerySchema, FiguresResponseSchema } from '../../../src/contracts/admin/figures';
import { neutraliseCsvText } from '../../../src/rules/csv-cell';
import { figureTableOf, figuresOf } from './figures.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';

/** `GET /figures`. */
const figuresRoute = declareRoute({
  method: 'get',
  path: '/figures',
  summary: "The organization's figures over a period: members, check-ins, participation, points, entries, views, reads, stories",
  description:
    "Days are calendar days of the organization's time zone, every day of the period listed (0 when nothing happened). " +
    '`season` runs from the most recent 1 July to today.',
  tags: ['admin'],
  auth: 'operator',
  query: FiguresQuerySchema,
  response: FiguresResponseSchema,
});

/** `GET /figures.csv`. */
const csvRoute = declareRoute({
  method: 'get',
  path: '/figures.csv',
  summary: 'One figure of a period as a CSV file',
  description: 'A header row, then one row per day (daily figures, every day of the period) or per challenge or story.',
  tags: ['admin'],
  auth: 'operator',
  query: FiguresCsvQuerySchema,
  response: { mediaTypes: ['text/csv'] },
});

/** The figures routes, mounted at `/api/admin` (their paths are `/figures` and `/figures.csv`). */
export function figuresAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(figuresRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const { period } = c.req.valid('query');
      return sendData(c, await figuresOf(deps, organization, period, deps.clock()));
    })
    .openapi(csvRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const { period, figure } = c.req.valid('query');
      const { table, from, to } = await figureTableOf(deps, organization, period, figure, deps.clock());
      // Titles are operators' text: a title written as a formula stays text in a spreadsheet.
      const csv = stringify(table.rows, {
        header: true,
        columns: table.columns,
        record_delimiter: 'windows',
        cast: { string: neutraliseCsvText },
      });
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${figure}-${from}-${to}.csv"`,
        'cache-control': 'no-store',
      });
    });
}
