/**
 * Root route: router context `{queryClient, config}`, the navigation guards (spec §2) as `beforeLoad`, the layout
 * chosen by the deepest route's `staticData.layout`, the global toaster (spec §9) and the level-up dialog.
 */
import { Suspense, useEffect } from 'react';
import { createRootRouteWithContext, Outlet, useMatches, useRouteContext, useRouter } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout';
import { PageSpinner } from '../components/spinner';
import { LevelUpDialog } from '../features/ranks/components/level-up-dialog';
import { useCurrentUser } from '../features/session/api/get-current-user';
import { isUnderage } from '../features/session/underage';
import { AppToaster } from '../platform/toasts';
import type { RouterContext } from '../router';
import { guardsDecidedUnderage, runNavigationGuards } from './-guards';

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

/**
 * Runs the guards again when the current user turns out to be underage after the guards let the page through:
 * they decide on the cached (possibly restored, outdated) user at once, and the fresh user fetched in the
 * background may carry a birthday the cache did not have yet. The birthday is immutable: the gate only tightens.
 */
function useGuardsFollowUnderage() {
  const router = useRouter();
  const { data: user } = useCurrentUser();
  const underage = Boolean(user && isUnderage(user.birthday));
  useEffect(() => {
    if (underage && !guardsDecidedUnderage()) void router.invalidate();
  }, [underage, router]);
}

function RootComponent() {
  useGuardsFollowUnderage();
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
