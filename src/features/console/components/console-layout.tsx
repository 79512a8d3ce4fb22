/**
 * The console's frame, laptop first and usable on a tablet: a skip link, a header (the organization's name and a
 * way back to the fan app), a sidebar `<nav>` listing every resource and the console's other pages (the current
 * one marked `aria-current="page"`), and the `<main id="main-content">` whose `<h1>` the app layout focuses after
 * each navigation. On narrow screens the sidebar sits above the content.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../../lib/organization/get-organization';
import { RESOURCES } from '../resources';
import { useConsoleText } from './use-console-text';
import '../console.css';

/** Renders the frame around `children` (the routed console page). */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useConsoleText();
  const { t: figuresText } = useTranslation('console-figures');
  const { t: seasonsText } = useTranslation('console-seasons');
  const { t: pushText } = useTranslation('console-push');
  const { t: cardsText } = useTranslation('console-cards');
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
            <li>
              <Link to="/admin/$resource" params={{ resource: 'figures' }} className="console__nav-link">
                {figuresText('nav')}
              </Link>
            </li>
            <li>
              <Link to="/admin/$resource" params={{ resource: 'seasons' }} className="console__nav-link">
                {seasonsText('nav')}
              </Link>
            </li>
            <li>
              <Link to="/admin/$resource" params={{ resource: 'notifications' }} className="console__nav-link">
                {pushText('nav')}
              </Link>
            </li>
            <li>
              <Link to="/admin/$resource" params={{ resource: 'member-cards' }} className="console__nav-link">
                {cardsText('nav')}
              </Link>
            </li>
            {RESOURCES.map((resource) => (
              <li key={resource.path}>
                <Link to="/admin/$resource" params={{ resource: resource.path }} className="console__nav-link">
                  {t(`resources.${resource.path}.plural`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/admin/$resource" params={{ resource: 'organization' }} className="console__nav-link">
                {t('nav.organization')}
              </Link>
            </li>
            <li>
              <Link to="/admin/$resource" params={{ resource: 'audit-log' }} className="console__nav-link">
                {t('nav.auditLog')}
              </Link>
            </li>
            <li>
              <Link to="/admin/$resource" params={{ resource: 'import-export' }} className="console__nav-link">
                {t('nav.importExport')}
              </Link>
            </li>
          </ul>
        </nav>
        <main id="main-content" className="console__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
