/**
 * Bottom navigation bar (spec §1 default layout, §2 tabs): one link per tab whose route exists, with an inline SVG
 * icon and a label; the current tab (from the first path segment; none on pages that are no tab's, `currentTab`) has
 * `aria-current="page"`.
 */
import type { ComponentType, SVGProps } from 'react';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PlayIcon, TargetIcon, TicketIcon, TrophyIcon, UserIcon } from './icons';
import { TABS, currentTab, type Tab } from './tabs';

const ICONS: Record<Tab, ComponentType<SVGProps<SVGSVGElement>>> = {
  dashboard: TrophyIcon,
  challenges: TargetIcon,
  media: PlayIcon,
  sweepstakes: TicketIcon,
  profile: UserIcon,
};

/** Renders `<nav aria-label="Main">` with the tabs available in this build. */
export function BottomNav() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = currentTab(pathname);
  const routesByPath = router.routesByPath as unknown as Record<string, unknown>;
  const tabs = TABS.filter((tab) => `/${tab}` in routesByPath);
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        {tabs.map((tab) => {
          const Icon = ICONS[tab];
          return (
            <li key={tab}>
              <Link
                to={`/${tab}` as '/'}
                className="bottom-nav__link"
                aria-current={tab === current ? 'page' : undefined}
                activeOptions={{ exact: false }}
              >
                <Icon className="bottom-nav__icon" />
                <span className="bottom-nav__label">{t(`tabLabels.${tab}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
