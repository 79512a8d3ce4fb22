/**
 * `/admin`: the operator console's layout, and its start page when no console page is open. Its `beforeLoad` lets
 * only operators in (`guardOperatorRoute`): anyone else, signed out included, gets the app's 404 page. The
 * console's pages sit under `src/routes/admin/` and compose the console feature (`src/features/console`); all of
 * it is code-split out of a fan's first load and precache (vite.config.ts, scripts/lib/console-chunks.ts).
 */
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { ConsoleHome } from '../features/console/components/console-home';
import { ConsoleLayout } from '../features/console/components/console-layout';
import { guardOperatorRoute } from './-guards';

export const Route = createFileRoute('/admin')({
  staticData: { layout: 'console' },
  beforeLoad: ({ context, preload }) => guardOperatorRoute({ context, preload }),
  component: AdminLayout,
});

function AdminLayout() {
  const page = useMatches({ select: (matches) => matches.some((match) => match.routeId.startsWith('/admin/')) });
  return <ConsoleLayout>{page ? <Outlet /> : <ConsoleHome />}</ConsoleLayout>;
}
