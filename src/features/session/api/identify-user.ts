/**
 * `POST /user/me/identify {email}` (spec §2 "preloads: user identification", §7): tells the server which e-mail
 * the signed-in member identifies with, once per signed-in session. The call is held as a query keyed by the
 * member, never stale: the root guard asks for it on every navigation and only the first one reaches the server.
 * Signing out resets every store (spec §4 Session), so the next sign-in identifies again.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { createIdempotencyKey, type ResponseOf } from '../../../api/client';
import { requestData } from '../../../api/data';
import type { UserIdentifyResponseSchema } from '../../../contracts/consent';
import type { User } from '../../../contracts/user';

/**
 * Sends the identification. Takes the member's e-mail; resolves with `{identified: true}`.
 * @throws ApiError (401, 422 invalid e-mail), NetworkError
 */
async function identifyUser(email: string): Promise<ResponseOf<typeof UserIdentifyResponseSchema>['data']> {
  return requestData('/user/me/identify', { method: 'POST', body: { email }, idempotencyKey: createIdempotencyKey() });
}

/** Query options: key `['user', 'identify', userId]`, never stale, so the call is made once per session. */
function getIdentifyUserQueryOptions(user: Pick<User, 'userId' | 'email'>) {
  return queryOptions({
    queryKey: ['user', 'identify', user.userId] as const,
    queryFn: () => identifyUser(user.email),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * Identifies `user` unless this session already did. Takes the query client and the signed-in user; returns
 * nothing and never throws (a failed identification is logged and tried again at the next navigation).
 */
export function ensureUserIdentified(queryClient: QueryClient, user: Pick<User, 'userId' | 'email'>): void {
  queryClient
    .ensureQueryData(getIdentifyUserQueryOptions(user))
    .catch((error: unknown) => console.warn('[session] identify failed', error));
}
