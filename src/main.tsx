/**
 * Boot (ARCHITECTURE §7): runtime config (`/config.json`) beside i18n -> query client and router (context
 * `{queryClient, config}`; the first route's chunks start loading) -> i18n ready and the persisted IndexedDB cache
 * restored -> first route resolved (guards: the organization, the user) -> render. The splash in index.html stays
 * until then; a config failure shows a clear error screen with "Try again". A lazily loaded chunk gone after a deploy
 * reloads the page once. The reconnect jitter replaces `onlineManager`'s listener before anything observes it, and
 * `SignedInRefresh` sits above the router so the hourly refresh runs whatever screen is open. Offline wiring
 * (reachability, service worker) starts once the first screen is painted; telemetry and product analytics once the
 * first screen has its data (platform/after-first-render); in Supabase mode the stored session is made ready before
 * the first route.
 */
import './platform/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { getOrganizationQueryOptions } from './lib/organization/get-organization';
import { isInternalUser } from './features/session/internal-user';
import { prepareSupabaseSession } from './features/session/supabase/boot';
import { applyOrganization } from './features/organization/branding';
import { bootOfflineCache } from './offline/persister';
import { createAppQueryClient } from './offline/query-client';
import { installReconnectJitter, reconnectJitterWindowMs } from './offline/reconnect-jitter';
import { registerOfflineMutationDefaults } from './app/offline-actions';
import { SignedInRefresh } from './app/signed-in-refresh';
import { LanguageScope } from './app/language-scope';
import { BootError } from './components/boot-error';
import { watchFatalErrors } from './components/use-fatal-error';
import { watchChunkLoadErrors } from './platform/chunk-reload';
import { markAppSettled, watchFirstScreen, yieldToMain } from './platform/after-first-render';
import { afterFirstPaint, FirstPaintSignal } from './platform/first-paint';
import { linkWebAppManifest } from './platform/web-app-manifest';
import { startAnalytics } from './platform/analytics';
import { initI18n, i18next, languageDecided } from './platform/i18n';
import { loadRuntimeConfig, type RuntimeConfig } from './platform/runtime-config';
import { startTelemetry } from './platform/telemetry';
import { createAppRouter } from './router';
import { startOrganizationLoad } from './routes/-session';
import { keepReferralCodeFrom } from './features/referral/kept-code';
import './styles/index.css';
// The home screen's (start_url) styles go with the shell's: a route's own stylesheets must load before its chunk is
// imported, one more round trip before a returning fan's first screen.
import './app/dashboard/dashboard.css';
import './features/sweepstakes/components/win-banner.css';
import './features/ranks/components/ranks.css';
import './features/venue/components/venue.css';
import './features/challenges/components/challenges.css';
import './features/checkin/components/checkin.css';

async function boot(): Promise<void> {
  watchFatalErrors();
  watchChunkLoadErrors();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);

  // The language's strings load beside the config; the first route's chunks do not wait for them.
  const i18nReady = initI18n().then(
    () => true,
    (reason: unknown) => {
      console.error('[boot] i18n failed to initialise', reason);
      return false;
    },
  );
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (reason) {
    console.error('[boot] runtime config failed to load', reason);
    root.render(<BootError i18nReady={await i18nReady} />);
    return;
  }

  const reconnect = installReconnectJitter({ windowMs: reconnectJitterWindowMs(config) });
  const queryClient = createAppQueryClient(registerOfflineMutationDefaults);
  // Every first screen waits on the organization (the guards): its request starts now, in the language its content
  // is asked in.
  if (languageDecided()) startOrganizationLoad(queryClient);
  await yieldToMain();
  const router = createAppRouter({ queryClient, config });
  // The first screen's route chunks load now, beside the strings, the cache's restore and the guards' requests (who
  // is visiting, the organization), instead of after them: two round trips less before a cold first screen on a slow
  // network.
  const [firstRoutes] = router.getMatchedRoutes(router.state.location.pathname);
  for (const route of firstRoutes) router.loadRouteChunk(route)?.catch(() => undefined);
  // Loads the current route again: after a late restore of the cache, or a change of language.
  const reloadRoute = () => void router.invalidate();
  await Promise.all([
    i18nReady,
    bootOfflineCache(queryClient, { onLateRestore: reloadRoute }),
    // Supabase mode: the access token is ready (refreshed if needed) before the guards call the API.
    prepareSupabaseSession(config, queryClient),
  ]);
  // Each step below settles in microtasks when its data is on the device (a returning fan): without a task boundary
  // between them, restoring the cache, the guards and the loaders were one long task.
  await yieldToMain();
  const cachedOrganization = queryClient.getQueryData(getOrganizationQueryOptions().queryKey);
  if (cachedOrganization) applyOrganization(cachedOrganization);

  await router.load().catch((error: unknown) => console.error('[boot] first route failed', error));
  await yieldToMain();

  // A transition lets React render the first screen in slices that yield to the browser between them, instead of
  // one long task on a phone's main thread (total blocking time); the splash stays until it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <QueryClientProvider client={queryClient}>
            <LanguageScope onLanguageChanged={reloadRoute}>
              <FirstPaintSignal />
              <SignedInRefresh />
              <RouterProvider router={router} />
            </LanguageScope>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });

  watchFirstScreen(queryClient);
  // The manifest is linked, and the service worker registers, as soon as the first screen is painted, so a first
  // visit is ready offline within a second or two; its precache downloads behind the page's own requests.
  afterFirstPaint(linkWebAppManifest);
  afterFirstPaint(() =>
    import('./offline/setup').then(({ setupOffline }) => {
      setupOffline(queryClient, { goOnline: reconnect.goOnline, navigate: (path) => router.history.push(path) });
    }),
  );
  // Both load their libraries after the first render, and do nothing when not configured.
  startTelemetry(config, queryClient);
  startAnalytics({ config, router, queryClient, isInternalEmail: (email) => isInternalUser(email, config.internalEmailDomains) });
  // After them, so the mark is set once their libraries have started loading (when they are configured).
  markAppSettled(queryClient);
}

// A friend's invite link (`/?ref={code}`) is kept before anything else, so leaving the page during boot (to sign in)
// cannot lose it; it is claimed once a member is signed in.
keepReferralCodeFrom(window.location.search);
void boot();
