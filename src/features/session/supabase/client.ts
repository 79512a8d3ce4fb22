/**
 * The Supabase client (ARCHITECTURE §3 `supabase` mode), created on first use with a dynamic
 * `import('@supabase/supabase-js')`, so the library is never in the first-load JavaScript of `local` mode (and in
 * `supabase` mode only when a session must be refreshed before the first render).
 *
 * Options: the session persists in localStorage under `podium.supabase.auth`; no URL session detection; the library's
 * own auto-refresh is off (it refreshes when fewer than four 30 s ticks, i.e. under 120 s, remain) in favour of spec
 * §9's rule, run here: a check every 30 s (counted from the client's creation, restarted at each sign-in) that
 * refreshes when 90 s or less remain.
 * Every session change is mirrored into the session token store, so the HTTP client's bearer is always the current
 * access token; a sign-out clears it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { clearSessionToken, getSessionToken, setSessionToken } from '../../../lib/session/token-store';
import { needsRefresh, readStoredSession, SUPABASE_STORAGE_KEY } from './stored-session';

/** Spec §9: the session is checked every 30 s. */
const REFRESH_CHECK_INTERVAL_MS = 30_000;

let clientPromise: Promise<SupabaseClient> | null = null;

/** The project settings of the runtime config (`auth.supabaseUrl`, `auth.supabaseAnonKey`). */
export interface SupabaseProject {
  supabaseUrl: string | null;
  supabaseAnonKey: string | null;
}

/** Puts the access token of `session` in the token store (or clears it); no-op when unchanged. */
export function mirrorAccessToken(accessToken: string | null): void {
  if (accessToken) {
    if (getSessionToken() !== accessToken) setSessionToken(accessToken);
  } else if (getSessionToken()) {
    clearSessionToken();
  }
}

/**
 * Returns the one Supabase client of the page, loading supabase-js on the first call.
 * Takes the project settings; throws when the URL or the anon key is missing.
 */
export function getSupabaseClient(project: SupabaseProject): Promise<SupabaseClient> {
  if (!clientPromise) {
    const { supabaseUrl, supabaseAnonKey } = project;
    if (!supabaseUrl || !supabaseAnonKey) return Promise.reject(new Error('supabase mode needs auth.supabaseUrl and auth.supabaseAnonKey'));
    clientPromise = import('@supabase/supabase-js').then(({ createClient }) => {
      const client = createClient(supabaseUrl, supabaseAnonKey, {
        auth: {
          storageKey: SUPABASE_STORAGE_KEY,
          persistSession: true,
          autoRefreshToken: false,
          detectSessionInUrl: false,
          flowType: 'implicit',
        },
      });
      const loop = startRefreshLoop(client);
      client.auth.onAuthStateChange((event, session) => {
        if (session) mirrorAccessToken(session.access_token);
        else if (event === 'SIGNED_OUT' || event === 'INITIAL_SESSION') mirrorAccessToken(null);
        if (event === 'SIGNED_IN') loop.restart();
      });
      return client;
    });
    clientPromise.catch(() => {
      clientPromise = null;
    });
  }
  return clientPromise;
}

/**
 * Runs spec §9's refresh rule for `client`: one check now, then every 30 s; `restart()` starts the 30 s count again
 * (after a sign-in). A failed refresh is logged and retried at the next check; supabase-js signs the user out when
 * the refresh token is refused.
 */
function startRefreshLoop(client: SupabaseClient): { restart: () => void } {
  let running = false;
  const check = async () => {
    const stored = readStoredSession();
    if (running || !stored || !needsRefresh(stored, Date.now())) return;
    running = true;
    try {
      // getSession() refreshes a session with less than 90 s left (supabase-js's margin); at exactly 90 s it does
      // not, so the rule's "or less" is completed with one explicit refresh.
      const { data } = await client.auth.getSession();
      if (data.session?.access_token === stored.accessToken) {
        const { error } = await client.auth.refreshSession();
        if (error) console.warn('[session] Supabase refresh failed; retrying at the next check', error);
      }
    } catch (error) {
      console.warn('[session] Supabase session check failed', error);
    } finally {
      running = false;
    }
  };
  let timer = setInterval(() => void check(), REFRESH_CHECK_INTERVAL_MS);
  void check();
  return {
    restart: () => {
      clearInterval(timer);
      timer = setInterval(() => void check(), REFRESH_CHECK_INTERVAL_MS);
    },
  };
}
