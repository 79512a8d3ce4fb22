/**
 * `GET /user/me/transactions?limit=` (spec §7; ARCHITECTURE §4): the member's points ledger, newest first, each row
 * with its signed amount, reason, label and the balance after it. The platform has no query for it; this is it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { TransactionListResponseSchema, Transaction } from '../../../contracts/user';

/** Rows fetched for the history page (the API allows up to 200). */
const HISTORY_PAGE_SIZE = 200;

/** Fetches the newest `limit` ledger rows. Throws API/network errors (401 when signed out). */
async function getTransactions(limit = HISTORY_PAGE_SIZE, signal?: AbortSignal): Promise<Transaction[]> {
  const { data } = await apiRequest<ResponseOf<typeof TransactionListResponseSchema>>('/user/me/transactions', { query: { limit }, signal });
  return data;
}

/** Query options: key `['user', 'me', 'transactions']` (refetched with the user after every award). */
export function getTransactionsQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'me', 'transactions'] as const,
    queryFn: ({ signal }) => getTransactions(HISTORY_PAGE_SIZE, signal),
  });
}

/** The ledger with its query state. */
export function useTransactions() {
  return useQuery(getTransactionsQueryOptions());
}
