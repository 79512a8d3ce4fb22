/**
 * The Supabase session as supabase-js persists it (localStorage key `podium.supabase.auth`), read without loading
 * supabase-js: boot uses it to decide whether the library is needed before the first render.
 */

/** localStorage key supabase-js persists the session under (the client is created with this `storageKey`). */
export const SUPABASE_STORAGE_KEY = 'podium.supabase.auth';

/** Refresh margin of spec §9: a session with 90 s or less left is refreshed (supabase-js: 3 ticks of 30 s). */
const REFRESH_MARGIN_MS = 90_000;

/** The fields boot reads from the stored session. */
interface StoredSupabaseSession {
  accessToken: string;
  /** Expiry of the access token, epoch milliseconds. */
  expiresAt: number;
}

/**
 * Parses the stored session JSON (pure). Takes the raw string (or null); returns the access token and its expiry, or
 * null when absent or malformed.
 */
function parseStoredSession(raw: string | null): StoredSupabaseSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as {
      access_token?: unknown;
      expires_at?: unknown;
      currentSession?: { access_token?: unknown; expires_at?: unknown };
    };
    const session = value.currentSession ?? value;
    if (typeof session.access_token !== 'string' || typeof session.expires_at !== 'number') return null;
    return { accessToken: session.access_token, expiresAt: session.expires_at * 1000 };
  } catch {
    return null;
  }
}

/** Reads the stored session from localStorage; null when there is none (or storage is unavailable). */
export function readStoredSession(): StoredSupabaseSession | null {
  try {
    return parseStoredSession(localStorage.getItem(SUPABASE_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * Whether the access token must be refreshed before it is used (pure): true when `REFRESH_MARGIN_MS` or less remain
 * at `now` (epoch ms).
 */
export function needsRefresh(session: StoredSupabaseSession, now: number): boolean {
  return session.expiresAt - now <= REFRESH_MARGIN_MS;
}
