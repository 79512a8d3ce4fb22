/**
 * The app router (TanStack Router, file routes generated into `routeTree.gen.ts`). Context: the query client and
 * the runtime config. Unknown paths render the 404 error page, route errors the error page (spec §2).
 * Also declares the route static data every route may set (CONTRIBUTING.md, ARCHITECTURE §7).
 */
import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from './contracts/config';
import { ErrorPage, NotFoundPage } from './components/error-page';
import { PageSpinner } from './components/spinner';
import { assertRouteMarks, assertRoutePlacement, type RouteLayout } from './route-marks';
import { routeTree } from './routeTree.gen';

/** Context every route receives (`createRootRouteWithContext<RouterContext>()`). */
export interface RouterContext {
  queryClient: QueryClient;
  config: RuntimeConfig;
}

export type { RouteLayout };

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Visitors without a session may open this route (spec §2 "marked open"); such a page sits under `_open/`. */
    open?: boolean;
    /** The route works with an incomplete profile (spec §2; no further behaviour is specified). */
    allowIncompleteProfile?: boolean;
    /** Layout of the page; 'default' when absent. */
    layout?: RouteLayout;
    /** i18n key of the app-bar title, `namespace:key` (e.g. `profile:title`); the tab name when absent. */
    titleKey?: string;
  }
}

/**
 * Creates the router. Takes the router context; returns the router with the error and not-found pages, intent
 * preloading and scroll restoration.
 * @throws Error when a route sets an unknown mark (see `assertRouteMarks`) or a page sits outside the layout its
 *   `open` mark calls for (see `assertRoutePlacement`)
 */
export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: 300,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    notFoundMode: 'root',
    scrollRestoration: true,
  });
  const routes = Object.values(router.routesById);
  assertRouteMarks(routes);
  assertRoutePlacement(routes);
  return router;
}

type AppRouter = ReturnType<typeof createAppRouter>;
