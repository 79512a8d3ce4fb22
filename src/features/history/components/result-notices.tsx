/**
 * Announces result credits with a toast (rules in `../result-notices.ts`). Mounted once in the root
 * layout after the first screen, like the level-up moment: when the signed-in member's balance moved since the last
 * check the ledger is fetched, and when it is loaded or refetched, the credits not yet announced in this browser get one toast ("You called it: +30 pts", with the
 * challenges' titles; several at once are summed, the app keeps one toast at a time), and are remembered so they
 * are never announced again.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { notify } from '../../../platform/toasts';
import { getTransactionsQueryOptions } from '../api/get-transactions';
import {
  balanceChangedSinceCheck,
  readSeenNotices,
  rememberCheckedBalance,
  rememberSeenNotices,
  resultNoticesToShow,
} from '../result-notices';

/** Renders nothing; shows the toasts. */
export function ResultNotices() {
  // The `history` strings load only when there is something to announce, not on every app load.
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const userId = user?.userId;
  const points = user?.points;
  // The ledger is fetched for this only when the balance moved since the last check (a credit moves it); the
  // history page's own fetch of it is read too.
  const changed = userId !== undefined && points !== undefined && balanceChangedSinceCheck(userId, points);
  const { data: transactions, isFetchedAfterMount } = useQuery({ ...getTransactionsQueryOptions(), enabled: changed });

  useEffect(() => {
    if (!userId || !transactions) return;
    if (isFetchedAfterMount && points !== undefined) rememberCheckedBalance(userId, points);
    const notices = resultNoticesToShow(transactions, readSeenNotices(userId), new Date());
    rememberSeenNotices(
      userId,
      notices.map((row) => row.id),
    );
    if (notices.length === 0) return;
    // The app keeps one toast at a time (spec §4): several credits are announced together.
    const total = notices.reduce((sum, row) => sum + row.amount, 0);
    const titles = notices.flatMap((row) => (row.label ? [row.label] : []));
    void i18n.loadNamespaces('history').then(() =>
      notify({
        title: i18n.t('history:resultNotice.title', { count: total }),
        description: titles.length ? titles.join(' · ') : undefined,
      }),
    );
  }, [userId, points, transactions, isFetchedAfterMount, i18n]);

  return null;
}
