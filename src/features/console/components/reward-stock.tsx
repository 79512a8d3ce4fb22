/**
 * The rewards list's "Left" column: how many items or codes a reward has left and how many members
 * redeemed it, from the admin item's counts; the codes themselves are never shown in the console.
 */
import { useTranslation } from 'react-i18next';
import type { AdminItem } from '../api/admin-api';

/** The column's header cell. */
export function RewardStockHeader() {
  const { t } = useTranslation('console-rewards');
  return <th scope="col">{t('stockColumn')}</th>;
}

/** The cell of one reward. */
export function RewardStockCell({ item }: { item: AdminItem }) {
  const { t } = useTranslation('console-rewards');
  const n = (key: string) => Number(item[key] ?? 0);
  if (item.fulfilment === 'code') return <td>{t('codes', { left: n('codesLeft'), total: n('codesTotal'), redeemed: n('redeemed') })}</td>;
  if (item.stock === null || item.stock === undefined) return <td>{t('unlimited', { redeemed: n('redeemed') })}</td>;
  return <td>{t('stock', { left: Math.max(0, n('stock') - n('redeemed')), redeemed: n('redeemed') })}</td>;
}
