/**
 * Root route: router context `{queryClient, config}`, the navigation guards (spec §2) as `beforeLoad`, the layout
 * chosen by the deepest route's `staticData.layout`, the global toaster (spec §9) and the level-up dialog.
 */
import { Suspense } from 'react';
import { createRootRouteWithContext, Outlet, useMatches, useRouteContext } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout';
import { PageSpinner } from '../components/spinner';
import { LevelUpDialog } from '../features/ranks/components/level-up-dialog';
import { AppToaster } from '../platform/toasts';
import type { RouterContext } from '../router';
import { runNavigationGuards } from './-guards';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location, matches, preload }) =>
    runNavigationGuards({
      context,
      location,
      matches,
      preload,
      welcomeRouteExists: true,
    }),
  component: RootComponent,
});

function RootComponent() {
  const { config } = useRouteContext({ from: '__root__' });
  const matches = useMatches();
  const layout = matches[matches.length - 1]?.staticData?.layout ?? 'default';
  return (
    <>
      <AppLayout layout={layout} tabsEnabled={config.tabsEnabled}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </AppLayout>
      <Suspense fallback={null}>
        <AppToaster />
        <LevelUpDialog />
      </Suspense>
    </>
  );
}
