/**
 * Root route: router context `{queryClient, config}`; its `beforeLoad` loads who is visiting (`-session.ts`) for the
 * guards of the `_auth`, `_open` and `admin` layouts, its loader brands and preloads (`-preloads.ts`). It renders the
 * layout chosen by the deepest route that sets `staticData.layout`, the global toaster (spec §9) and the level-up dialog; an
 * uncaught error or rejection replaces it all with the error page (spec §2, §8).
 */
import { lazy, Suspense, useEffect } from 'react';
import { createRootRouteWithContext, Outlet, useMatches, useRouteContext, useRouter, useRouterState } from '@tanstack/react-router';
import { AppLayout } from '../app/app-layout';
import { ErrorScreen } from '../components/error-page';
import { useFatalError } from '../components/use-fatal-error';
import { PageSpinner } from '../components/spinner';
import { useIsUnderage } from '../lib/session/underage';
import { AppToaster } from '../platform/toasts';
import { useFirstScreenSettled } from '../platform/use-first-screen-settled';
import type { RouterContext } from '../router';
import { normalizePath, UNDERAGE_BLOCKED_PATHS } from '../features/session/navigation-guard';
import { keptReferralCode } from '../features/referral/kept-code';
import { loadAppShell } from './-preloads';
import { loadSession } from './-session';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context }) => loadSession(context),
  loader: ({ context, preload, location }) => loadAppShell(context, preload, location.pathname),
  component: RootComponent,
});

/**
 * Runs the guards again when the current user turns out to be underage on a page closed to underage members:
 * the guards decide on the cached (possibly restored, outdated) user at once, and the fresh user fetched in the
 * background may carry a birthday the cache did not have yet. The birthday is immutable: the gate only tightens.
 */
function useGuardsFollowUnderage() {
  const router = useRouter();
  const underage = useIsUnderage();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const blocked = underage && UNDERAGE_BLOCKED_PATHS.includes(normalizePath(pathname));
  useEffect(() => {
    if (blocked) void router.invalidate();
  }, [blocked, router]);
}

/** The level-up moment (spec §4) loads from its own chunk once the first screen is usable. */
const LevelUpDialog = lazy(() => import('../features/ranks/components/level-up-dialog').then((m) => ({ default: m.LevelUpDialog })));

/** Result credits are announced with a toast, from their own chunk once the first screen is usable. */
const ResultNotices = lazy(() => import('../features/history/components/result-notices').then((m) => ({ default: m.ResultNotices })));

/** The claim of a kept referral code, loaded only when a code was kept. */
const ReferralClaimer = lazy(() =>
  import('../features/referral/components/referral-claimer').then((m) => ({ default: m.ReferralClaimer })),
);

/** The push opt-in, offered after a meaningful action; its code loads only when it is due. */
const PushPromptHost = lazy(() => import('../app/push-prompt-host').then((m) => ({ default: m.PushPromptHost })));

/**
 * What the root renders besides the page: the toaster, and once the first screen is usable the level-up dialog, the
 * result notices and the push prompt. Its own component, so that the "settled" moment re-renders these alone, not
 * the whole app (a second render of every page on a phone's main thread).
 */
function RootExtras() {
  const firstScreenSettled = useFirstScreenSettled();
  return (
    <Suspense fallback={null}>
      <AppToaster />
      {firstScreenSettled ? <LevelUpDialog /> : null}
      {firstScreenSettled ? <ResultNotices /> : null}
      {firstScreenSettled ? <PushPromptHost /> : null}
      {firstScreenSettled && keptReferralCode() ? <ReferralClaimer /> : null}
    </Suspense>
  );
}

function RootComponent() {
  useGuardsFollowUnderage();
  const { config } = useRouteContext({ from: '__root__' });
  // The deepest route that sets a layout, unless it turned out not found, or it is the console's and failed: the
  // console's layout draws its landmarks in the component that did not render, and its guard refusing a member
  // shows in the app's layout. Selected as a string, so the root re-renders only when the layout
  // changes, not on every step of a navigation.
  const layout = useMatches({
    select: (matches) =>
      matches.findLast(
        (m) => m.staticData?.layout && m.status !== 'notFound' && !(m.status === 'error' && m.staticData.layout === 'console'),
      )?.staticData?.layout ?? 'default',
  });
  const fatal = useFatalError();
  if (fatal) return <ErrorScreen status={fatal.status} reload />;
  return (
    <>
      <AppLayout layout={layout} tabsEnabled={config.tabsEnabled}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </AppLayout>
      <RootExtras />
    </>
  );
}
