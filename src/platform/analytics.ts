/**
 * Product analytics with PostHog (spec §2, §5, §7; decision 0031).
 * - Off when `config.analytics.key` is null: nothing is loaded and nothing is sent.
 * - `posthog-js` is loaded with `import()` after the first render once the first data loads settled, never in the
 *   first-load JavaScript. Calls made
 *   before it is ready are queued (with their time) and replayed in order once it is.
 * - `persistence: 'memory'`; manual page views (`capture_pageview: false`): one `$pageview` after each route change,
 *   from the router's `onResolved` event (plus one for the page the app opened on).
 * - On localhost (localhost, 127.0.0.1, [::1]) autocapture, session recording and heatmaps are off.
 * - `identify(userId)` when the current user (query `['user','me']`) appears or changes, with person properties
 *   `internal` (e-mail in `config.internalEmailDomains`, spec §5; the rule is passed in by the app), `rank` and `new_user`; the e-mail itself is not
 *   sent. `reset()` on logout (registered with the store reset the logout runs) and when the user disappears.
 * - A navigation that ends on the error or not-found page is reported as `navigation_error` with the current path.
 */
import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import type { PostHogInterface as PostHog } from 'posthog-js';
import type { RuntimeConfig } from '../contracts/config';
import { DEFAULT_ANALYTICS_HOST } from '../contracts/constants';
import type { User } from '../contracts/user';
import { afterAppSettled } from './after-first-render';
import { registerStoreReset } from './store-reset';

/** Event name of a navigation error (spec §2 "A navigation error is reported with the current path"). */
const NAVIGATION_ERROR_EVENT = 'navigation_error';

type Call = (posthog: PostHog) => void;

/** What analytics needs from the router: its state and its `onResolved` event. */
interface AnalyticsRouter {
  state: {
    location: { href: string; pathname: string };
    /** `_notFound` marks the match that renders the not-found page (router-core's flag for unknown paths). */
    matches: ReadonlyArray<{ status: string; error?: unknown; _notFound?: boolean }>;
  };
  subscribe(event: 'onResolved', listener: (event: { toLocation: { href: string; pathname: string } }) => void): () => void;
}

let client: PostHog | null = null;
let queue: Call[] = [];
let active = false;
let identifiedUserId: string | null = null;
let lastPageviewHref: string | null = null;
let teardown: Array<() => void> = [];

/** Whether `hostname` is the developer's own machine (spec §7: autocapture, recording and heatmaps off there). */
function isLocalHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1' || hostname.endsWith('.localhost')
  );
}

/**
 * The `posthog.init` options for this page (pure). Takes the runtime config and the page's hostname; returns the
 * options object (spec §7: memory persistence, manual page views; localhost: no autocapture/recording/heatmaps).
 */
function posthogOptions(config: RuntimeConfig, hostname: string) {
  const local = isLocalHostname(hostname);
  return {
    api_host: config.analytics.host ?? DEFAULT_ANALYTICS_HOST,
    persistence: 'memory' as const,
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: !local,
    disable_session_recording: local,
    enable_heatmaps: !local,
    capture_heatmaps: !local,
    capture_dead_clicks: !local,
    person_profiles: 'identified_only' as const,
    // Podium shows no PostHog surveys: do not download their script.
    disable_surveys: true,
  };
}

/** Tells whether an e-mail belongs to an internal user (spec §5); the session feature's rule, injected at boot. */
type InternalEmailRule = (email: string) => boolean;

/**
 * Person properties sent with `identify` (pure). Takes the user and the internal-user rule; returns
 * `{internal, rank, new_user}` — `internal` is true for an internal e-mail (spec §5).
 */
function personProperties(user: Pick<User, 'email' | 'rank' | 'isNewUser'>, isInternal: InternalEmailRule) {
  return { internal: isInternal(user.email), rank: user.rank, new_user: user.isNewUser };
}

function call(fn: Call): void {
  if (!active) return;
  if (client) fn(client);
  else queue.push(fn);
}

function absoluteUrl(href: string): string {
  return typeof window === 'undefined' ? href : new URL(href, window.location.origin).href;
}

/** Sends one `$pageview` for `href` (path + search + hash); repeated calls for the same href are ignored. */
function capturePageView(href: string, pathname: string): void {
  if (!active || href === lastPageviewHref) return;
  lastPageviewHref = href;
  const timestamp = new Date();
  const properties = { $current_url: absoluteUrl(href), $pathname: pathname };
  call((posthog) => posthog.capture('$pageview', properties, { timestamp }));
}

/**
 * Reports a navigation error with the current path (spec §2). Takes the full path, the HTTP-like status and the
 * error (its message is sent, never a stack).
 */
function reportNavigationError(path: string, status: number, error?: unknown): void {
  const message = error instanceof Error ? error.message : error === undefined ? undefined : String(error);
  const timestamp = new Date();
  call((posthog) => posthog.capture(NAVIGATION_ERROR_EVENT, { path, status, message }, { timestamp }));
}

/** Identifies the signed-in user (once per user id) with the person properties of `personProperties`. */
function identifyUser(user: User, isInternal: InternalEmailRule): void {
  if (!active || identifiedUserId === user.userId) return;
  identifiedUserId = user.userId;
  const properties = personProperties(user, isInternal);
  call((posthog) => posthog.identify(user.userId, properties));
}

/** Forgets the identity (logout): `posthog.reset()`, so later events are anonymous again. */
function resetAnalytics(): void {
  if (!active) return;
  identifiedUserId = null;
  lastPageviewHref = null;
  call((posthog) => posthog.reset());
}

function isCurrentUserEvent(event: QueryCacheNotifyEvent): boolean {
  const key = event.query.queryKey;
  return key[0] === 'user' && key[1] === 'me';
}

/**
 * Starts analytics for this page (call once, after the first render). Takes the runtime config, the router, the
 * query client and the internal-user rule. Without an analytics key it does nothing at all. Returns a function that
 * stops it (tests).
 */
export function startAnalytics({
  config,
  router,
  queryClient,
  isInternalEmail,
}: {
  config: RuntimeConfig;
  router: AnalyticsRouter;
  queryClient: QueryClient;
  isInternalEmail: InternalEmailRule;
}): () => void {
  const key = config.analytics.key;
  if (!key || active) return () => undefined;
  active = true;

  const onResolved = () => {
    const { location, matches } = router.state;
    capturePageView(location.href, location.pathname);
    const failed = matches.find((m) => m.status === 'error');
    const notFound = matches.some((m) => m.status === 'notFound' || m._notFound);
    if (failed) reportNavigationError(location.href, 500, failed.error);
    else if (notFound) reportNavigationError(location.href, 404, 'Page not found');
  };
  onResolved();
  teardown.push(router.subscribe('onResolved', onResolved));

  const onUser = (user: User | null | undefined) => {
    if (user) identifyUser(user, isInternalEmail);
    else if (user === null && identifiedUserId) resetAnalytics();
  };
  onUser(queryClient.getQueryData<User | null>(['user', 'me']));
  teardown.push(
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && isCurrentUserEvent(event))
        onUser(event.action.data as User | null);
    }),
  );
  teardown.push(registerStoreReset('analytics', resetAnalytics));

  afterAppSettled(queryClient, async () => {
    const { default: posthog } = await import('posthog-js');
    posthog.init(key, {
      ...posthogOptions(config, window.location.hostname),
      loaded: (instance) => {
        client = instance;
        const pending = queue;
        queue = [];
        for (const fn of pending) fn(instance);
      },
    });
  });

  return () => {
    teardown.forEach((stop) => stop());
    teardown = [];
    active = false;
    client = null;
    queue = [];
    identifiedUserId = null;
    lastPageviewHref = null;
  };
}
