/**
 * `<ListStates>`: which of a list's four states to show. A query's list is loaded (its items, or the empty state
 * when there are none), failed with nothing cached (the error state), or still loading; cached items are shown
 * even when a later refetch failed; with nothing cached and no network, "Not available offline". `<ListError>`: that error state, with a retry.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { NotAvailableOffline } from './not-available-offline';

interface ListStatesProps<T> {
  /** The loaded items; undefined while loading and after a failure with nothing cached. */
  items: readonly T[] | undefined;
  /** The query failed. */
  isError: boolean;
  /** Shown once loaded with no items. */
  empty: ReactNode;
  /** Shown when loading failed with nothing cached. */
  error: ReactNode;
  /** Shown while loading. */
  loading: ReactNode;
  /** Nothing is cached and the load waits for a network: "Not available offline" instead of `loading`. */
  unavailableOffline?: boolean;
  /** Renders the loaded, non-empty items. */
  children: (items: readonly T[]) => ReactNode;
}

/** Renders the state's element (the items through `children`). */
export function ListStates<T>({ items, isError, empty, error, loading, unavailableOffline, children }: ListStatesProps<T>) {
  if (items) return items.length === 0 ? empty : children(items);
  if (isError) return error;
  return unavailableOffline ? <NotAvailableOffline /> : loading;
}

/** Texts of a failure: its title, an optional explanation and the retry button's label. */
interface ErrorTexts {
  title: string;
  description?: string;
  retryLabel: string;
}

/**
 * A list (or item) that failed to load with nothing cached, announced as an alert: `texts` (the media namespace's
 * "could not load" texts unless given) and a retry button that calls `onRetry`.
 */
export function ListError({ onRetry, texts }: { onRetry: () => void; texts?: ErrorTexts }) {
  const { t } = useTranslation('media');
  const { title, description, retryLabel } = texts ?? {
    title: t('common.loadError'),
    description: t('common.loadErrorHint'),
    retryLabel: t('common.retry'),
  };
  return (
    <EmptyState
      role="alert"
      title={title}
      description={description}
      action={
        <Button size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
