/**
 * `/admin/fulfilment`: the rewards catalogue's fulfilment list: members' redemptions newest first,
 * filtered by status and kind, each with the moves its status allows (`src/rules/redemption-status.ts`: ready to
 * collect, shipped, done, or cancelled with the points refunded, after a confirmation), and the CSV export for the
 * shop or the venue desk (the one place codes leave "My rewards"). The server audit-logs every change and export.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import type { AdminRedemption } from '../../../contracts/admin/redemption';
import { REDEMPTION_STATUSES, REWARD_FULFILMENTS, type RedemptionStatus, type RewardFulfilment } from '../../../contracts/reward';
import { notify } from '../../../platform/toasts';
import { nextRedemptionStatuses } from '../../../rules/redemption-status';
import { fetchRedemptionsCsv, useAdminRedemptions, useUpdateRedemption } from '../api/redemptions';
import { ConsoleHeading } from './console-ui';

/** Renders the page. */
export function FulfilmentPage() {
  const { t, i18n } = useTranslation('console-rewards');
  const [status, setStatus] = useState<RedemptionStatus | ''>('pending');
  const [fulfilment, setFulfilment] = useState<RewardFulfilment | ''>('');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<AdminRedemption | null>(null);
  const filter = { status: status || undefined, fulfilment: fulfilment || undefined };
  const list = useAdminRedemptions(filter, page);
  const update = useUpdateRedemption();
  const statusId = useId();
  const kindId = useId();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });

  const move = (redemption: AdminRedemption, next: RedemptionStatus) =>
    update.mutate(
      { id: redemption.id, update: { status: next as Exclude<RedemptionStatus, 'pending'> } },
      {
        onSuccess: () => {
          setCancelling(null);
          notify({ title: t('moved', { title: redemption.rewardTitle, status: t(`status.${next}`) }) });
        },
        onError: () => {
          setCancelling(null);
          notify({ variant: 'destructive', title: t('moveFailed') });
        },
      },
    );

  const download = async () => {
    try {
      const csv = await fetchRedemptionsCsv(filter);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'redemptions.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      notify({ variant: 'destructive', title: t('downloadFailed') });
    }
  };

  const meta = list.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.pageSize)) : 1;
  return (
    <div className="console-page">
      <ConsoleHeading
        title={t('title')}
        actions={
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void download()}>
            {t('download')}
          </button>
        }
      />
      <p className="muted">{t('intro')}</p>
      <div className="row" role="group" aria-label={t('filters')}>
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            {t('filterStatus')}
          </label>
          <select
            id={statusId}
            className="select input"
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as RedemptionStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('all')}</option>
            {REDEMPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={kindId}>
            {t('filterKind')}
          </label>
          <select
            id={kindId}
            className="select input"
            value={fulfilment}
            onChange={(e) => {
              setFulfilment(e.currentTarget.value as RewardFulfilment | '');
              setPage(1);
            }}
          >
            <option value="">{t('all')}</option>
            {REWARD_FULFILMENTS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {list.data && list.data.data.length === 0 ? <p className="muted">{t('empty')}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.reward')}</th>
                <th scope="col">{t('columns.member')}</th>
                <th scope="col">{t('columns.when')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    {r.rewardTitle}
                    <br />
                    <span className="muted">
                      {t(`kind.${r.fulfilment}`)} · {t('points', { count: r.cost })}
                    </span>
                    {r.shippingAddress ? (
                      <>
                        <br />
                        <span>{r.shippingAddress}</span>
                      </>
                    ) : null}
                  </th>
                  <td>
                    {r.email ?? t('erased')}
                    {r.username ? (
                      <>
                        <br />
                        <span className="muted">{r.username}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{date.format(new Date(r.createdAt))}</td>
                  <td>{t(`status.${r.status}`)}</td>
                  <td>
                    <div className="row">
                      {nextRedemptionStatuses(r.fulfilment, r.status).map((next) => (
                        <button
                          key={next}
                          type="button"
                          className={next === 'cancelled' ? 'btn btn--destructive btn--sm' : 'btn btn--secondary btn--sm'}
                          disabled={update.isPending}
                          aria-label={t(`actionLabel`, {
                            action: t(`actions.${next}`),
                            title: r.rewardTitle,
                            member: r.email ?? t('erased'),
                          })}
                          onClick={() => (next === 'cancelled' ? setCancelling(r) : move(r, next))}
                        >
                          {t(`actions.${next}`)}
                        </button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="row" aria-label={t('pages')}>
          <button type="button" className="btn btn--ghost btn--sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </button>
          <span>{t('page', { page, pages })}</span>
          <button type="button" className="btn btn--ghost btn--sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </button>
        </nav>
      ) : null}
      {cancelling ? (
        <ConfirmDialog
          open
          destructive
          title={t('cancelTitle', { title: cancelling.rewardTitle })}
          body={<p>{t('cancelBody', { count: cancelling.cost, member: cancelling.email ?? t('erased') })}</p>}
          confirmLabel={t('cancelYes')}
          cancelLabel={t('cancelNo')}
          busy={update.isPending}
          onConfirm={() => move(cancelling, 'cancelled')}
          onCancel={() => setCancelling(null)}
        />
      ) : null}
    </div>
  );
}
