/**
 * "Not available offline" (ARCHITECTURE §6): a screen or list whose data is not on the device says so
 * at once, with a way back, instead of loading until the signal returns. `isUnavailableOffline(query)` tells it from
 * TanStack Query's state: no data (not even a placeholder) and a fetch paused for want of a network. When the
 * network returns the paused fetch resumes and the caller renders the data instead.
 */
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Page } from './page';

/** True when `query` has nothing to show and waits for a network: `data` undefined and `fetchStatus` "paused". */
export function isUnavailableOffline(query: { data?: unknown; fetchStatus: string }): boolean {
  return query.data === undefined && query.fetchStatus === 'paused';
}

/**
 * The message, announced as a status, with "Go back" (the previous screen, else the dashboard). `page` makes it a
 * whole screen whose heading is the message; without it, it stands in for a list or a section.
 */
export function NotAvailableOffline({ page = false }: { page?: boolean }) {
  const { t } = useTranslation('common');
  const router = useRouter();
  const back = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/dashboard' });
  };
  const action = (
    <Button size="sm" variant="secondary" onClick={back}>
      {t('unavailableOffline.back')}
    </Button>
  );
  if (page) {
    return (
      <Page title={t('unavailableOffline.title')}>
        <div role="status" className="stack">
          <p>{t('unavailableOffline.text')}</p>
          <div>{action}</div>
        </div>
      </Page>
    );
  }
  return (
    <div role="status">
      <EmptyState title={t('unavailableOffline.title')} description={t('unavailableOffline.text')} action={action} />
    </div>
  );
}
