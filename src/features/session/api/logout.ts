/**
 * Logout (spec §4 Session): this device's push subscription is removed (decision 0060), `DELETE /session` (response
 * not read), then the token is cleared and every store is
 * reset: the query cache (`queryClient.clear()`), the persisted cache in IndexedDB, the post-login redirect, toasts
 * and every store registered with `registerStoreReset`. Local sign-out happens even when the server call fails
 * (offline): the fan asked to leave this device.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey } from '../../../api/client';
import { clearPersistedCache } from '../../../offline/persister';
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
  // This device stops receiving the member's pushes (decision 0060), while the session can still say so.
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    await import('../../../platform/push').then(({ unsubscribeFromPush }) => unsubscribeFromPush()).catch(() => undefined);
  }
  if (auth.mode === 'supabase') await signOutSupabase(auth);
  else if (getSessionToken()) {
    try {
      await apiRequest('/session', { method: 'DELETE', idempotencyKey: createIdempotencyKey() });
    } catch (error) {
      console.warn('[session] DELETE /session failed; signing out locally', error);
    }
  }
  clearSessionToken();
  clearPostLoginRedirect();
  await queryClient.cancelQueries();
  queryClient.clear();
  await clearPersistedCache().catch((error: unknown) => console.error('[session] could not clear the persisted cache', error));
  dismissToast();
  await resetAllStores();
}

/** Mutation hook for `logout`. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: ['session', 'logout'], mutationFn: () => logout(queryClient) });
}
