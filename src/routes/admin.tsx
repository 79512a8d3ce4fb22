/**
 * `/admin`: the operator console's layout, and its start page when no console page is open. Its `beforeLoad` lets
 * only operators in (`guardOperatorRoute`): a signed-out visitor signs in first and comes back, a
 * member who is not an operator is told the console is for operators (`ConsoleAccessDenied`, in the app's layout).
 * The console's pages sit under `src/routes/admin/` and compose the console feature (`src/features/console`); all
 * of it is code-split out of a fan's first load and precache (vite.config.ts, scripts/lib/console-chunks.ts).
 */
import { createFileRoute, Outlet, useMatches, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page';
import { ConsoleHome } from '../features/console/components/console-home';
import { ConsoleLayout } from '../features/console/components/console-layout';
import { ConsoleAccessDenied } from '../features/session/components/console-access';
import { ConsoleAccessDeniedError, guardOperatorRoute } from './-guards';

export const Route = createFileRoute('/admin')({
  staticData: { layout: 'console' },
  beforeLoad: ({ context, location, preload }) => guardOperatorRoute({ context, location, preload }),
  errorComponent: AdminError,
  component: AdminLayout,
});

function AdminLayout() {
  const page = useMatches({ select: (matches) => matches.some((match) => match.routeId.startsWith('/admin/')) });
  return <ConsoleLayout>{page ? <Outlet /> : <ConsoleHome />}</ConsoleLayout>;
}

/** The console's guard refused a member who is not an operator: say so; any other error is the error page's. */
function AdminError(props: ErrorComponentProps) {
  return props.error instanceof ConsoleAccessDeniedError ? <ConsoleAccessDenied /> : <ErrorPage {...props} />;
}
