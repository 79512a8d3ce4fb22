/**
 * Supabase mode at boot: makes the session token store hold a usable access token before the first
 * route's guards run, loading supabase-js before the first render only when it must refresh.
 * - No stored Supabase session: nothing to load (a visitor); a leftover token is cleared.
 * - A stored session with more than 90 s left: its access token is the bearer; supabase-js is loaded after the
 *   first screen settled to run the refresh loop (check every 30 s, refresh at 90 s or less, spec §9).
 * - 90 s or less left (or expired): supabase-js is loaded now and refreshes the session before anything calls the API.
 */
import type { RuntimeConfig } from '../../../contracts/config';
import { afterAppSettled, type SettlingClient } from '../../../platform/after-first-render';
import { getSupabaseClient, mirrorAccessToken } from './client';
import { needsRefresh, readStoredSession } from './stored-session';

/**
 * Prepares the session for boot. Takes the runtime config and the query client (to wait for the first screen before
 * loading supabase-js when it is not needed at once); resolves once the token store is ready. In `local` mode it
 * does nothing. Never rejects: a failed refresh leaves the visitor signed out.
 */
export async function prepareSupabaseSession(config: RuntimeConfig, queryClient: SettlingClient): Promise<void> {
  if (config.auth.mode !== 'supabase') return;
  const stored = readStoredSession();
  if (!stored) {
    mirrorAccessToken(null);
    return;
  }
  if (!needsRefresh(stored, Date.now())) {
    mirrorAccessToken(stored.accessToken);
    afterAppSettled(queryClient, () => getSupabaseClient(config.auth).then(() => undefined));
    return;
  }
  try {
    const client = await getSupabaseClient(config.auth);
    const { data } = await client.auth.getSession();
    mirrorAccessToken(data.session?.access_token ?? null);
  } catch (error) {
    console.warn('[session] could not refresh the Supabase session', error);
    mirrorAccessToken(null);
  }
}
