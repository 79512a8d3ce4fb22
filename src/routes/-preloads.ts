/**
 * The root route's loader: what every navigation needs once the guards have let it through. It applies the
 * organization's brand (colours, theme-color) before the page renders, and starts the spec §2 preloads without
 * blocking: what the dashboard shows (challenges, check-in) at once; the rest (sweepstakes, stories, videos,
 * playlists, articles, activations) after the first render, from its own chunk, so it stays off the first screen.
 * Prefetches of fresh data cost nothing, so running on every
 * navigation starts each load once. Never throws.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../contracts/config';
import { getChallengesQueryOptions } from '../features/challenges/api/get-challenges';
import { getCheckinQueryOptions } from '../features/checkin/api/get-checkin';
import { getOrganizationQueryOptions } from '../lib/organization/get-organization';
import { applyOrganization } from '../features/organization/branding';
import { getCurrentUserQueryOptions } from '../lib/session/get-current-user';
import { ensureUserIdentified } from '../features/session/api/identify-user';
import { afterFirstRender } from '../platform/after-first-render';
import { restoreParkedActions } from '../offline/parked-actions';

/** The operator console's paths (route marks: `/admin` and the pages under it). */
const CONSOLE_PATH = /^\/admin(\/|$)/;

/**
 * Brands the app and starts the preloads for whoever is on the page (member, logged-off dashboard visitor, or
 * nobody). Takes the router context, whether this is an intent preload (then nothing is started) and the path being
 * loaded: on the operator console's pages the fan screens' preloads wait until the operator opens one of those
 * (this loader runs on every navigation), so the console's own lists do not share the main thread with them.
 */
export function loadAppShell(
  { queryClient, config }: { queryClient: QueryClient; config: RuntimeConfig },
  preload: boolean,
  pathname: string,
): void {
  const organization = queryClient.getQueryData(getOrganizationQueryOptions().queryKey);
  if (organization) applyOrganization(organization);
  if (preload) return;
  const user = queryClient.getQueryData(getCurrentUserQueryOptions().queryKey);
  if (user) {
    ensureUserIdentified(queryClient, user);
    // What this member left waiting when they signed out on this device goes back to the queue (once: it is forgotten).
    void restoreParkedActions(queryClient, user.userId);
    if (CONSOLE_PATH.test(pathname)) return;
    void queryClient.prefetchQuery(getChallengesQueryOptions());
    void queryClient.prefetchQuery(getCheckinQueryOptions());
    afterFirstRender(() => import('./-preload-content').then((m) => m.preloadContentForUser(queryClient)));
  } else if (config.loggedOffDashboard) {
    void queryClient.prefetchQuery(getChallengesQueryOptions());
    void import('./-preload-content').then((m) => m.preloadContentForVisitor(queryClient));
  }
}
