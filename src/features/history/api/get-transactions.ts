/**
 * `GET /user/me/transactions?limit=` (spec §7; ARCHITECTURE §4): the member's points ledger, newest first, each row
 * with its signed amount, reason, label and the balance after it. The platform has no query for it; this is it.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Transaction } from '../../../contracts/user';

/** Rows fetched for the history page (the API allows up to 200). */
const HISTORY_PAGE_SIZE = 200;

/**
 * Query options: key `['user', 'me', 'transactions']` (refetched with the user after every award), fetches the
 * newest `HISTORY_PAGE_SIZE` ledger rows. Throws API/network errors (401 when signed out).
 */
export function getTransactionsQueryOptions() {
  return dataQueryOptions<Transaction[]>(['user', 'me', 'transactions'], '/user/me/transactions', { query: { limit: HISTORY_PAGE_SIZE } });
}

/** The ledger with its query state. */
export function useTransactions() {
  return useQuery(getTransactionsQueryOptions());
}
