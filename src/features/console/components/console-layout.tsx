/**
 * The console's frame, laptop first and usable on a tablet: a skip link, a header (the organization's name and a
 * way back to the fan app), a sidebar `<nav>` with the overview and the four groups of the menu (`console-menu.ts`:
 * content, match day, members, settings), each a group labelled by its heading, the current page marked
 * `aria-current="page"`, and the `<main id="main-content">` whose `<h1>` the app layout focuses after each
 * navigation. On narrow screens the sidebar sits above the content.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../../lib/organization/get-organization';
import { CONSOLE_MENU } from '../console-menu';
import { useConsoleText } from './use-console-text';
import '../console.css';

/** The name of the console page at `path` in the menu. */
function usePageName() {
  const { t } = useConsoleText();
  const { t: figuresText } = useTranslation('console-figures');
  const { t: seasonsText } = useTranslation('console-seasons');
  const { t: pushText } = useTranslation('console-push');
  const { t: cardsText } = useTranslation('console-cards');
  const { t: rewardsText } = useTranslation('console-rewards');
  return (path: string): string => {
    switch (path) {
      case 'member-cards':
        return cardsText('nav');
      case 'figures':
        return figuresText('nav');
      case 'fulfilment':
        return rewardsText('nav');
      case 'seasons':
        return seasonsText('nav');
      case 'notifications':
        return pushText('nav');
      case 'organization':
        return t('nav.organization');
      case 'audit-log':
        return t('nav.auditLog');
      case 'import-export':
        return t('nav.importExport');
      default:
        return t(`resources.${path}.plural`);
    }
  };
}

/** Renders the frame around `children` (the routed console page). */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useConsoleText();
  const pageName = usePageName();
  const { data: organization } = useOrganization();
  return (
    <div className="console">
      <a className="skip-link" href="#main-content">
        {t('nav.skip')}
      </a>
      <header className="console__header">
        <p className="console__brand">
          <span className="console__org">{organization?.name ?? 'Podium'}</span> <span className="console__product">{t('title')}</span>
        </p>
        <Link to="/dashboard" className="btn btn--ghost btn--sm">
          {t('nav.backToApp')}
        </Link>
      </header>
      <div className="console__body">
        <nav className="console__nav" aria-label={t('nav.label')}>
          <ul className="console__nav-list">
            <li>
              <Link to="/admin" activeOptions={{ exact: true }} className="console__nav-link">
                {t('nav.home')}
              </Link>
            </li>
          </ul>
          {CONSOLE_MENU.map((group) => (
            <div key={group.id} role="group" className="console__nav-group" aria-labelledby={`console-nav-${group.id}`}>
              <h2 id={`console-nav-${group.id}`} className="console__nav-heading">
                {t(`nav.groups.${group.id}`)}
              </h2>
              <ul className="console__nav-list">
                {group.pages.map((path) => (
                  <li key={path}>
                    <Link to="/admin/$resource" params={{ resource: path }} className="console__nav-link">
                      {pageName(path)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="main-content" className="console__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
