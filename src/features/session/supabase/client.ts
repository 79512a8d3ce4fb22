/**
 * The Supabase client (ARCHITECTURE §3 `supabase` mode; decision 0030), created on first use with a dynamic
 * `import('@supabase/supabase-js')`, so the library is never in the first-load JavaScript of `local` mode (and in
 * `supabase` mode only when a session must be refreshed before the first render).
 *
 * Options: the session persists in localStorage under `podium.supabase.auth`; `autoRefreshToken` is on — supabase-js
 * checks every 30 s and refreshes when 90 s or less remain, exactly spec §9's rule; no URL session detection.
 * Every session change is mirrored into the session token store, so the HTTP client's bearer is always the current
 * access token; a sign-out clears it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { clearSessionToken, getSessionToken, setSessionToken } from '../token-store';
import { SUPABASE_STORAGE_KEY } from './stored-session';

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
          autoRefreshToken: true,
          detectSessionInUrl: false,
          flowType: 'implicit',
        },
      });
      client.auth.onAuthStateChange((event, session) => {
        if (session) mirrorAccessToken(session.access_token);
        else if (event === 'SIGNED_OUT' || event === 'INITIAL_SESSION') mirrorAccessToken(null);
      });
      return client;
    });
    clientPromise.catch(() => {
      clientPromise = null;
    });
  }
  return clientPromise;
}

/** Forgets the client (tests). */
export function resetSupabaseClientForTests(): void {
  clientPromise = null;
}
