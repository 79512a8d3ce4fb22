/**
 * App layouts (spec §1, §2): 'default' (app bar + content + bottom navigation when `config.tabsEnabled`),
 * 'no-bottom-nav' (app bar + content; the app bar links operators to the console), 'none' (content only) and 'console' (the operator console, which draws its
 * own landmarks), chosen by the deepest matched route's `staticData.layout`. Landmarks: a skip link, `<header>`, `<main id="main-content">`, `<nav aria-label>`.
 * After each route change the page heading (`main h1`) receives focus.
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useMatches, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../api/media';
import { OfflineIndicator } from '../offline/components/offline-indicator';
import { useOrganization } from '../lib/organization/get-organization';
import type { RouteLayout } from '../router';
import { BottomNav } from '../components/bottom-nav';
import { tabFromPath } from '../components/tabs';
import { AppBarConsoleLink } from '../features/session/components/console-access';

/**
 * Moves focus to the page heading after every navigation that changes the path (not on first load), unless the
 * new page already focused one of its form fields.
 */
function useFocusHeadingOnNavigate(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (!event.pathChanged || !event.fromLocation) return;
        requestAnimationFrame(() => {
          // A page that focused one of its own fields (autoFocus, e.g. the sign-in code) keeps that focus.
          const active = document.activeElement;
          if (active instanceof HTMLElement && active.closest('#main-content') && active.matches('input, textarea, select')) return;
          const heading = document.querySelector<HTMLElement>('#main-content h1');
          if (!heading) return;
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus({ preventScroll: true });
        });
      }),
    [router],
  );
}

/** The organization mark: its logo image, or its initial on the brand colour. */
function OrganizationMark({ className = 'app-bar__mark' }: { className?: string }) {
  const { data: organization } = useOrganization();
  const logo = mediaUrl(organization?.logoMediaId);
  const initial = (organization?.name ?? 'P').trim().charAt(0).toUpperCase();
  return (
    <span className={className} aria-hidden="true">
      {logo ? <img src={logo} alt="" width={64} height={64} /> : initial}
    </span>
  );
}

/** The app-bar title: `staticData.titleKey` (`namespace:key`, its namespace loaded on demand) or the tab name. */
function AppBarTitle({ titleKey, pathname }: { titleKey?: string; pathname: string }) {
  const namespace = titleKey?.includes(':') ? titleKey.split(':')[0] : 'common';
  const { t } = useTranslation(['common', namespace]);
  const title = titleKey ? t(titleKey) : t(`tabs.${tabFromPath(pathname)}`);
  return <p className="app-bar__title">{title}</p>;
}

function AppBar({ titleKey, pathname }: { titleKey?: string; pathname: string }) {
  const { t } = useTranslation('common');
  const { data: organization } = useOrganization();
  return (
    <header className="app-bar">
      <Link to="/dashboard" className="app-bar__brand" aria-label={t('nav.home', { name: organization?.name ?? 'Podium' })}>
        <OrganizationMark />
      </Link>
      <Suspense fallback={<p className="app-bar__title" />}>
        <AppBarTitle titleKey={titleKey} pathname={pathname} />
      </Suspense>
      <AppBarConsoleLink />
    </header>
  );
}

interface AppLayoutProps {
  layout: RouteLayout;
  tabsEnabled: boolean;
  children: ReactNode;
}

/** Wraps the routed content in the chosen layout. */
export function AppLayout({ layout, tabsEnabled, children }: AppLayoutProps) {
  const { t } = useTranslation('common');
  // The leaf's title key and path, selected as strings: the layout re-renders when they change, not on every step
  // of a navigation.
  const titleKey = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData?.titleKey });
  const pathname = useMatches({ select: (matches) => matches[matches.length - 1]?.pathname ?? '/' });
  useFocusHeadingOnNavigate();

  if (layout === 'console') {
    return (
      <div className="app-shell">
        <Suspense fallback={null}>
          <OfflineIndicator />
        </Suspense>
        {children}
      </div>
    );
  }
  if (layout === 'none') {
    // The status indicator stays on bare pages too: it is where a waiting update is offered once its toast is gone.
    return (
      <div className="app-shell">
        <Suspense fallback={null}>
          <OfflineIndicator />
        </Suspense>
        <main id="main-content" className="app-main">
          {children}
        </main>
      </div>
    );
  }
  const withNav = layout === 'default' && tabsEnabled;
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        {t('nav.skip')}
      </a>
      <AppBar titleKey={titleKey} pathname={pathname} />
      <Suspense fallback={null}>
        <OfflineIndicator />
      </Suspense>
      <main id="main-content" className={withNav ? 'app-main app-main--with-nav' : 'app-main'} tabIndex={-1}>
        {children}
      </main>
      {withNav ? <BottomNav /> : null}
    </div>
  );
}
