/**
 * `/admin/{page}`: a console page: the list of a resource (`?q=&status=&page=`), the organization's settings, the
 * audit log (`?entity=&actorUserId=&page=`), the figures (`?period=`), the seasons, push notifications, the member card check, the rewards' fulfilment list or import and export; anything else is the console's "page not found". One route for them
 * all keeps the route tree, which every visitor loads, small; the search is cleaned by the console itself.
 */
import { createFileRoute } from '@tanstack/react-router';
import { CardCheckPage } from '../../../features/console/components/card-check-page';
import { AuditLogPage } from '../../../features/console/components/audit-log-page';
import { FiguresPage } from '../../../features/console/components/figures-page';
import { FulfilmentPage } from '../../../features/console/components/fulfilment-page';
import { ImportExportPage } from '../../../features/console/components/import-export-page';
import { NotificationsPage } from '../../../features/console/components/notifications-page';
import { OrganizationPage } from '../../../features/console/components/organization-page';
import { ResourceListPage } from '../../../features/console/components/resource-list-page';
import { SeasonsPage } from '../../../features/console/components/seasons-page';
import { readConsoleSearch, type ConsoleSearch } from '../../../features/console/console-search';
import { ConsoleNotFound } from '../../../features/console/components/console-not-found';
import { resourceByPath } from '../../../features/console/resources';

export const Route = createFileRoute('/admin/$resource/')({
  validateSearch: (search: Record<string, unknown>) => search as ConsoleSearch,
  component: ConsolePageRoute,
});

function ConsolePageRoute() {
  const { resource: path } = Route.useParams();
  const search = readConsoleSearch(Route.useSearch());
  if (path === 'organization') return <OrganizationPage />;
  if (path === 'import-export') return <ImportExportPage />;
  if (path === 'seasons') return <SeasonsPage />;
  if (path === 'figures') return <FiguresPage period={search.period} />;
  if (path === 'notifications') return <NotificationsPage />;
  if (path === 'member-cards') return <CardCheckPage />;
  if (path === 'fulfilment') return <FulfilmentPage />;
  if (path === 'audit-log') return <AuditLogPage key={`${search.entity ?? ''}|${search.actorUserId ?? ''}`} search={search} />;
  const resource = resourceByPath(path);
  if (!resource) return <ConsoleNotFound />;
  return <ResourceListPage key={path} resource={resource} search={search} />;
}
