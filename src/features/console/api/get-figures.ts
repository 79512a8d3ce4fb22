/**
 * The figures dashboard's calls: `GET /api/admin/figures?period=` (every figure of the period, its
 * answer checked with the contract) and `GET /api/admin/figures.csv?period=&figure=` (one figure as a CSV file).
 * Not persisted (`meta.persist: false`), like every console query.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { FiguresResponseSchema, type FigureName, type FiguresPeriod } from '../../../contracts/admin/figures';

/** Query options of the figures of `period`; the previous period's figures stay on screen while the next load. */
function getFiguresQueryOptions(period: FiguresPeriod) {
  return queryOptions({
    queryKey: ['admin', 'figures', period] as const,
    queryFn: async ({ signal }) => (await apiRequest('/admin/figures', { query: { period }, schema: FiguresResponseSchema, signal })).data,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}

/** The figures of `period` (TanStack Query state of `getFiguresQueryOptions`). */
export const useFigures = (period: FiguresPeriod) => useQuery(getFiguresQueryOptions(period));

/**
 * Fetches one figure of `period` as CSV text (`GET /api/admin/figures.csv`). Throws the client's typed errors
 * (`ApiError` for a refused request, `NetworkError` without an answer).
 */
export function fetchFigureCsv(period: FiguresPeriod, figure: FigureName): Promise<string> {
  return apiRequest<string>('/admin/figures.csv', { query: { period, figure }, read: 'text' });
}
