/**
 * Root route: router context `{queryClient, config}`, the navigation guards (spec §2) as `beforeLoad`, the layout
 * chosen by the deepest route's `staticData.layout`, the global toaster (spec §9) and the level-up dialog.
 */
import { lazy, Suspense, useEffect } from 'react';
import { createRootRouteWithContext, Outlet, useMatches, useRouteContext, useRouter } from '@tanstack/react-router';
import { AppLayout } from '../app/app-layout';
import { PageSpinner } from '../components/spinner';
import { useCurrentUser } from '../lib/session/get-current-user';
import { isUnderage } from '../lib/session/underage';
import { AppToaster } from '../platform/toasts';
import { useFirstScreenSettled } from '../platform/use-first-screen-settled';
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

/** The level-up moment (spec §4) loads from its own chunk once the first screen is usable (decision 0006). */
const LevelUpDialog = lazy(() =>
  import('../features/ranks/components/level-up-dialog').then((m) => ({ default: m.LevelUpDialog })),
);

function RootComponent() {
  useGuardsFollowUnderage();
  const firstScreenSettled = useFirstScreenSettled();
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
        {firstScreenSettled ? <LevelUpDialog /> : null}
      </Suspense>
    </>
  );
}
