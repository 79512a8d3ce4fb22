/**
 * Logout (spec §4 Session): this device's push subscription is removed, `DELETE /session` (response
 * not read), then the token is cleared and every store is
 * reset: the query cache (`queryClient.clear()`), the persisted cache in IndexedDB, the post-login redirect, toasts
 * and every store registered with `registerStoreReset`. Queued actions still waiting are parked on the device for
 * the same member's next sign-in (`parkQueuedActions`). Local sign-out happens even when the server call fails
 * (offline): the fan asked to leave this device.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey } from '../../../api/client';
import { parkQueuedActions } from '../../../offline/parked-actions';
import { clearPersistedCache } from '../../../offline/persister';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { getRuntimeConfig } from '../../../platform/runtime-config';
import { resetAllStores } from '../../../platform/store-reset';
import { dismissToast } from '../../../platform/toasts';
import { clearPostLoginRedirect } from '../post-login-redirect';
import { signOutSupabase } from '../supabase/auth';
import { clearSessionToken, getSessionToken } from '../../../lib/session/token-store';

/**
 * Signs out (supabase mode: `signOut({scope: 'local'})` instead of `DELETE /session`). Takes the query client;
 * resolves when everything local is cleared. Never rejects.
 */
async function logout(queryClient: QueryClient): Promise<void> {
  const { auth } = getRuntimeConfig();
  // This device stops receiving the member's pushes, while the session can still say so.
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    await import('../../../lib/push/push-subscription').then(({ unsubscribeFromPush }) => unsubscribeFromPush()).catch(() => undefined);
  }
  if (auth.mode === 'supabase') await signOutSupabase(auth);
  else if (getSessionToken()) {
    try {
      await apiRequest('/session', { method: 'DELETE', idempotencyKey: createIdempotencyKey() });
    } catch (error) {
      console.warn('[session] DELETE /session failed; signing out locally', error);
    }
  }
  // Actions still waiting to sync stay on this device for the member's next sign-in here, never for anyone else's.
  const memberId = queryClient.getQueryData(getCurrentUserQueryOptions().queryKey)?.userId;
  if (memberId)
    await parkQueuedActions(queryClient, memberId).catch((error: unknown) =>
      console.error('[session] could not keep the waiting actions', error),
    );
  clearSessionToken();
  clearPostLoginRedirect();
  await queryClient.cancelQueries();
  queryClient.clear();
  await clearPersistedCache().catch((error: unknown) => console.error('[session] could not clear the persisted cache', error));
  dismissToast();
  await resetAllStores();
}

/**
 * Mutation hook for `logout`. It runs offline too (`networkMode: 'always'`): signing out is local first, and a
 * paused sign-out would itself be parked as a waiting action.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ['session', 'logout'], mutationFn: () => logout(queryClient), networkMode: 'always' });
}
