/** `/history` (spec §2): the member's points history from `GET /user/me/transactions`. */
import { createFileRoute } from '@tanstack/react-router';
import { getTransactionsQueryOptions } from '../../features/history/api/get-transactions';
import { HistoryPage } from '../../features/history/components/history-page';

export const Route = createFileRoute('/_auth/history')({
  staticData: { layout: 'default', titleKey: 'history:title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getTransactionsQueryOptions()).catch(() => undefined);
  },
  component: HistoryPage,
});
