/**
 * `/rewards/mine` ("My rewards"): the member's redemptions, newest first. A code reward shows its
 * code with a copy button (the code is shown to no one else); a collected or shipped item shows where it stands
 * (pending, ready to collect, shipped, done, cancelled), and one nobody handled yet can be cancelled, which gives the
 * points back. Readable offline from the persisted cache (codes included); cancelling needs a connection.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { BackLink, ListSkeleton } from '../../../components/content-ui';
import { EmptyState } from '../../../components/empty-state';
import { ListError, ListStates } from '../../../components/list-states';
import { isUnavailableOffline } from '../../../components/not-available-offline';
import { Page } from '../../../components/page';
import type { Redemption, RedemptionStatus } from '../../../contracts/reward';
import { useIsOnline } from '../../../offline/use-offline-status';
import { notify } from '../../../platform/toasts';
import { memberMayCancel } from '../../../rules/redemption-status';
import { useCancelRedemption } from '../api/cancel-redemption';
import { useRedemptions } from '../api/get-redemptions';
import './reward-catalogue.css';

const STATUS_PILL: Record<RedemptionStatus, string> = {
  pending: 'pill pill--warning',
  ready: 'pill pill--brand',
  shipped: 'pill pill--brand',
  fulfilled: 'pill pill--success',
  cancelled: 'pill pill--muted',
};

/** Renders the page. */
export function MyRewardsPage() {
  const { t } = useTranslation('reward-catalogue');
  const query = useRedemptions();
  const [cancelling, setCancelling] = useState<Redemption | null>(null);
  const mutation = useCancelRedemption();

  const onCancel = (redemption: Redemption) =>
    mutation.cancel(redemption.redemptionId, {
      onSuccess: (result) => {
        setCancelling(null);
        notify({ title: t('mine.cancelled', { count: redemption.cost }), description: t('mine.cancelledText', { count: result.points }) });
      },
      onError: () => {
        setCancelling(null);
        notify({ variant: 'destructive', title: t('mine.cancelFailed'), description: t('failed.text') });
      },
    });

  return (
    <Page title={t('mine.title')}>
      <div className="stack stack--lg">
        <BackLink to="/rewards" label={t('mine.back')} />
        <ListStates
          items={query.data}
          isError={query.isError}
          empty={
            <EmptyState
              title={t('mine.emptyTitle')}
              description={t('mine.emptyText')}
              action={
                <Link to="/rewards" className="btn btn--primary">
                  {t('mine.browse')}
                </Link>
              }
            />
          }
          error={<ListError onRetry={() => void query.refetch()} />}
          loading={<ListSkeleton rows={3} />}
          unavailableOffline={isUnavailableOffline({ data: query.data, fetchStatus: query.fetchStatus })}
        >
          {(redemptions) => (
            <ul className="plain-list reward-list" aria-label={t('mine.title')}>
              {redemptions.map((redemption) => (
                <li key={redemption.redemptionId}>
                  <RedemptionCard redemption={redemption} onCancel={() => setCancelling(redemption)} />
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </div>
      {cancelling ? (
        <ConfirmDialog
          open
          destructive
          title={t('mine.cancelTitle', { title: cancelling.title })}
          body={<p>{t('mine.cancelBody', { count: cancelling.cost })}</p>}
          confirmLabel={t('mine.cancelYes')}
          cancelLabel={t('mine.cancelNo')}
          busy={mutation.isPending}
          onConfirm={() => onCancel(cancelling)}
          onCancel={() => setCancelling(null)}
        />
      ) : null}
    </Page>
  );
}

/** One redemption: title, date, cost, status, the code with its copy button, the cancel button. */
function RedemptionCard({ redemption, onCancel }: { redemption: Redemption; onCancel: () => void }) {
  const { t, i18n } = useTranslation('reward-catalogue');
  const online = useIsOnline();
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const status = redemption.fulfilment === 'code' && redemption.status === 'fulfilled' ? 'revealed' : redemption.status;
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      notify({ title: t('mine.copied') });
    } catch {
      notify({ variant: 'destructive', title: t('mine.copyFailed') });
    }
  };
  return (
    <article className="card reward-card" aria-labelledby={`redemption-${redemption.redemptionId}`}>
      <div className="reward-card__body">
        <h2 className="ct-row__title" id={`redemption-${redemption.redemptionId}`}>
          {redemption.title}
        </h2>
        <div className="ct-badges">
          <span className={STATUS_PILL[redemption.status]}>{t(`status.${status}`)}</span>
          <span className="ct-row__meta">
            {t('mine.spent', { count: redemption.cost, date: dateFormat.format(new Date(redemption.createdAt)) })}
          </span>
        </div>
        {redemption.code && redemption.status !== 'cancelled' ? (
          <div className="reward-code">
            <span className="eyebrow" id={`code-label-${redemption.redemptionId}`}>
              {t('mine.code')}
            </span>
            <code className="reward-code__value" aria-labelledby={`code-label-${redemption.redemptionId}`}>
              {redemption.code}
            </code>
            <Button size="sm" onClick={() => void copy(redemption.code!)} aria-label={t('mine.copyLabel', { title: redemption.title })}>
              {t('mine.copy')}
            </Button>
          </div>
        ) : null}
        {redemption.fulfilment !== 'code' && redemption.status !== 'cancelled' ? (
          <p className="muted">{t(`mine.next.${redemption.fulfilment}.${redemption.status}`)}</p>
        ) : null}
        {redemption.shippingAddress ? <p className="ct-row__meta">{t('mine.shipTo', { address: redemption.shippingAddress })}</p> : null}
        {memberMayCancel(redemption.status) ? (
          <>
            <Button
              size="sm"
              disabled={!online}
              aria-describedby={!online ? `offline-${redemption.redemptionId}` : undefined}
              onClick={onCancel}
            >
              {t('mine.cancel')}
            </Button>
            {!online ? (
              <p className="muted" id={`offline-${redemption.redemptionId}`}>
                {t('mine.cancelOffline')}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </article>
  );
}
