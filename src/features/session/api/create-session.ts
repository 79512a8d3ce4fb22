/**
 * `POST /session {email, code}` (ARCHITECTURE §3): exchanges the e-mailed code for a session token. On success the
 * token is stored, the caches are reset (nothing of a previous visitor survives) and the current user is loaded.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import { SessionCreateSchema, type SessionCreate, type SessionGrant } from '../../../contracts/session';
import { getRuntimeConfig } from '../../../platform/runtime-config';
import { verifySupabaseOtp } from '../supabase/auth';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { setSessionToken } from '../../../lib/session/token-store';

/**
 * Signs in with the code (supabase mode: `verifyOtp({type: 'email'})`, the access token is the grant's token).
 * Returns the grant. Throws `ApiError` (`InvalidCode` 4xx, 429) or `NetworkError`.
 */
async function createSession(input: SessionCreate): Promise<SessionGrant> {
  const body = SessionCreateSchema.parse(input);
  const { auth } = getRuntimeConfig();
  if (auth.mode === 'supabase') return verifySupabaseOtp(auth, body.email, body.code);
  return requestData('/session', { method: 'POST', body, idempotencyKey: createIdempotencyKey() });
}

/**
 * Stores the token and resets the caches (every query is removed; the guard reloads the organization), then
 * fetches the current user. Takes the client and the grant; resolves with the user.
 */
async function startSession(queryClient: QueryClient, grant: SessionGrant) {
  setSessionToken(grant.token);
  await queryClient.cancelQueries();
  queryClient.removeQueries();
  return queryClient.fetchQuery(getCurrentUserQueryOptions());
}

/** Mutation hook: sign in with the code, then start the session. Resolves with the grant. */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['session', 'create'],
    mutationFn: async (input: SessionCreate) => {
      const grant = await createSession(input);
      await startSession(queryClient, grant);
      return grant;
    },
  });
}
