/**
 * Sign-in and sign-out through Supabase Auth (ARCHITECTURE §3 `supabase` mode): `signInWithOtp` sends the e-mail
 * code, `verifyOtp({type: 'email'})` checks it, `signOut({scope: 'local'})` ends the session on this device only.
 * Errors are translated into the HTTP client's typed errors, so the sign-in screens show the same messages in both
 * modes (`api-error-message.ts`).
 */
import { ApiError, NetworkError } from '../../../api/errors';
import type { SessionGrant } from '../../../contracts/session';
import { NEW_USER_WINDOW_MS } from '../navigation-guard';
import { getSupabaseClient, mirrorAccessToken, type SupabaseProject } from './client';

type AuthErrorLike = { name?: string; message: string; status?: number; code?: string };

/**
 * Converts a supabase-js error into `NetworkError` (no answer) or `ApiError` (status, code). Wrong or expired codes
 * become code `InvalidCode`, like the local API's. Pure.
 */
function toSessionError(error: AuthErrorLike): Error {
  if (error.name === 'AuthRetryableFetchError' && (!error.status || error.status === 0))
    return new NetworkError(error.message, { cause: error });
  const status = error.status && error.status >= 400 ? error.status : 400;
  const code =
    error.code === 'otp_expired' || error.code === 'otp_disabled' || (status === 403 && /token|otp|code/i.test(error.message))
      ? 'InvalidCode'
      : status === 429
        ? 'TooManyRequests'
        : (error.code ?? 'SupabaseAuthError');
  return new ApiError(status, code, error.message);
}

/** Sends a sign-in code to `email` (creating the Supabase user if needed). Throws `ApiError` / `NetworkError`. */
export async function sendSupabaseOtp(project: SupabaseProject, email: string): Promise<void> {
  const client = await getSupabaseClient(project);
  const { error } = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: true } });
  if (error) throw toSessionError(error);
}

/**
 * Verifies the e-mailed code. Returns a grant whose token is the access token (now also in the token store);
 * `isNewUser` is true for a Supabase user created less than 150000 ms ago. Throws `ApiError` / `NetworkError`.
 */
export async function verifySupabaseOtp(project: SupabaseProject, email: string, code: string): Promise<SessionGrant> {
  const client = await getSupabaseClient(project);
  const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  if (error) throw toSessionError(error);
  const session = data.session;
  if (!session) throw new ApiError(401, 'InvalidCode', 'No session was returned');
  mirrorAccessToken(session.access_token);
  const created = Date.parse(session.user.created_at);
  return {
    token: session.access_token,
    isNewUser: Number.isFinite(created) && Date.now() - created < NEW_USER_WINDOW_MS,
    sessionStart: new Date().toISOString(),
    expiresAt: new Date((session.expires_at ?? 0) * 1000).toISOString(),
  };
}

/** Signs out on this device (`scope: 'local'`) and clears the token; never rejects (offline sign-out still clears). */
export async function signOutSupabase(project: SupabaseProject): Promise<void> {
  try {
    const client = await getSupabaseClient(project);
    const { error } = await client.auth.signOut({ scope: 'local' });
    if (error) console.warn('[session] Supabase sign-out answered with an error; the local session is cleared', error);
  } catch (error) {
    console.warn('[session] Supabase sign-out failed; clearing the local session', error);
  }
  mirrorAccessToken(null);
}
