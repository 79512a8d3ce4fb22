/**
 * The error page (spec §2 "Error page", §8): full-screen background image, the status code, 'Sorry, this page
 * cannot be found' and a primary 'Go back home' button to '/'. Used for unknown paths (404, 'Page not found:
 * {path}'), failed route validation, fatal route errors and uncaught errors (`use-fatal-error.ts`). The error
 * is reported with the current path.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { reloadForChunkError } from '../platform/chunk-reload';
import { describeRouteError } from './route-error';
import { PageSpinner } from './spinner';
import './error-page.css';

interface ErrorScreenProps {
  status: number;
  detail?: string;
  /** "Go back home" reloads the app at '/' instead of navigating in it (after a fatal error its state is unsafe). */
  reload?: boolean;
}

/** The full-screen error layout; the heading takes focus so screen readers announce it. */
export function ErrorScreen({ status, detail, reload }: ErrorScreenProps) {
  const { t } = useTranslation('common');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${status} · ${t('errorPage.title')}`;
    headingRef.current?.focus();
  }, [status, t]);
  return (
    <div className="error-page">
      <div className="error-page__content">
        <p className="error-page__code" aria-hidden="true">
          {status}
        </p>
        <h1 className="error-page__title" ref={headingRef} tabIndex={-1}>
          <span className="visually-hidden">{t('errorPage.statusLabel', { status })} </span>
          {t('errorPage.title')}
        </h1>
        {detail ? <p className="error-page__detail">{detail}</p> : null}
        {reload ? (
          <a href="/" className="btn btn--primary btn--lg">
            {t('errorPage.home')}
          </a>
        ) : (
          <Link to="/" className="btn btn--primary btn--lg">
            {t('errorPage.home')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** `defaultNotFoundComponent`: 404 with 'Page not found: {path}'. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const path = useRouterState({ select: (s) => s.location.href });
  return <ErrorScreen status={404} detail={t('errorPage.notFound', { path })} />;
}

/**
 * `defaultErrorComponent`: the status code of the error (404 for validation failures, else its HTTP status or 500).
 * A page chunk gone after a deploy reloads the page once instead, with a spinner meanwhile.
 */
export function ErrorPage({ error }: ErrorComponentProps) {
  const [reloading] = useState(() => reloadForChunkError(error));
  if (reloading) return <PageSpinner />;
  return <ErrorDetails error={error} />;
}

function ErrorDetails({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const path = useRouterState({ select: (s) => s.location.href });
  const described = describeRouteError(error);
  const status = described.status;
  const detail = described.detail ?? (described.validationFailed ? t('errorPage.validationFailed', { path }) : undefined);
  useEffect(() => {
    console.error('[navigation] route error at', path, error);
  }, [error, path]);
  return <ErrorScreen status={status} detail={detail} />;
}
