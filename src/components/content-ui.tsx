/**
 * Small building blocks shared by the content screens: back link, list skeleton, list error with retry, a query's
 * list in its states, the fallback page of a missing item, a list of facts, points badge. Styles in content.css.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundError } from '../api/errors';
import { ArrowLeftIcon } from './icons';
import { EmptyState } from './empty-state';
import { ListError, ListStates } from './list-states';
import { isUnavailableOffline, NotAvailableOffline } from './not-available-offline';
import { Page } from './page';
import { PageSpinner } from './spinner';
import './content.css';

/** A "Back" link to `to` (translated label given by the caller). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to as '/'} className="btn btn--ghost btn--sm ct-back">
      <ArrowLeftIcon /> {label}
    </Link>
  );
}

/** Placeholder rows while a list loads; the surrounding region says "Loading…" to screen readers. */
export function ListSkeleton({ rows = 3, square }: { rows?: number; square?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <ul className="plain-list" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="card ct-row">
            <div className={`ct-row__thumb ct-skeleton${square ? ' ct-row__thumb--square' : ''}`} />
            <div className="ct-row__body" style={{ flex: 1 }}>
              <div className="ct-skeleton ct-skeleton--line" style={{ width: '80%' }} />
              <div className="ct-skeleton ct-skeleton--line" style={{ width: '45%' }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface QueryListProps<T> {
  /** The query the items come from: its failure shows the error state, whose retry refetches it. */
  query: { isError: boolean; refetch: () => unknown; data?: unknown; fetchStatus?: string };
  /** The items to show (`query.data`, or a sorted or filtered copy); undefined while loading. */
  items: readonly T[] | undefined;
  /** Shown once loaded with no items. */
  empty: ReactNode;
  /** Shown while loading: three skeleton rows unless given. */
  skeleton?: ReactNode;
  /** Accessible name of the list. */
  label?: string;
  itemKey: (item: T) => string;
  /** Renders one item (inside its `<li>`). */
  children: (item: T) => ReactNode;
}

/**
 * A query's list in the content screens' states (`ListStates`): the items in a `.plain-list`, `empty`, `ListError`
 * with a retry, or the skeleton while loading.
 */
export function QueryList<T>({ query, items, empty, skeleton = <ListSkeleton />, label, itemKey, children }: QueryListProps<T>) {
  return (
    <ListStates
      items={items}
      isError={query.isError}
      empty={empty}
      error={<ListError onRetry={() => void query.refetch()} />}
      loading={skeleton}
      unavailableOffline={query.fetchStatus !== undefined && isUnavailableOffline({ data: query.data, fetchStatus: query.fetchStatus })}
    >
      {(loaded) => (
        <ul className="plain-list" aria-label={label}>
          {loaded.map((item) => (
            <li key={itemKey(item)}>{children(item)}</li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

interface ItemPageFallbackProps {
  /** The item's query: `data` null (the list has no such item) or a 404 error means the item does not exist. */
  query: { data: unknown; error: unknown; isError: boolean; refetch: () => unknown; fetchStatus?: string };
  /** Page title and message of the not-found state, and the page title of the error state. */
  texts: { notFoundTitle: string; notFoundText: string; errorTitle: string };
  /** The back link to the item's parent page, in the not-found and error states. */
  back: { to: string; label: string };
}

/**
 * The page of one item while the item is not there to show: not found (back link and message), failed with
 * nothing cached (back link and `ListError` with a retry: offline, it is the way out of a page without a tab bar),
 * nothing on the device and no network ("Not available offline"), or loading (the page spinner).
 */
export function ItemPageFallback({ query, texts, back }: ItemPageFallbackProps) {
  if (query.data === null || query.error instanceof NotFoundError) {
    return (
      <Page title={texts.notFoundTitle}>
        <BackLink {...back} />
        <EmptyState title={texts.notFoundTitle} description={texts.notFoundText} />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={texts.errorTitle}>
        <BackLink {...back} />
        <ListError onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  if (query.fetchStatus !== undefined && isUnavailableOffline({ data: query.data, fetchStatus: query.fetchStatus }))
    return <NotAvailableOffline page />;
  return <PageSpinner />;
}

/** One fact of a `<FactList>`: its label and its value (translated). */
interface Fact {
  label: string;
  value: ReactNode;
}

/** The `.ct-dl` definition list of `facts` (specs, versions, entry counts); null facts are left out. */
export function FactList({
  facts,
  className = 'ct-dl',
  style,
}: {
  facts: readonly (Fact | null)[];
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <dl className={className} style={style}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** The points an item earns: "+25 pts" (brand pill); "Earned" once done. */
export function PointsBadge({ points, earned }: { points: number; earned?: boolean }) {
  const { t } = useTranslation('media');
  if (points <= 0) return null;
  return earned ? (
    <span className="pill pill--success">{t('common.earned', { count: points })}</span>
  ) : (
    <span className="pill pill--warning">{t('common.points', { count: points })}</span>
  );
}

/** Play glyph drawn over a video thumbnail (decorative). */
export function PlayGlyph() {
  return (
    <span className="ct-play" aria-hidden="true">
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M8 5v14l11-7z" />
      </svg>
    </span>
  );
}

/** Formats seconds as m:ss (e.g. 65 -> "1:05"). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
