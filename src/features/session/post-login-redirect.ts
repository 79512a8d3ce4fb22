/**
 * Post-login redirect memory (spec §2 main guard, §3 Session.postLoginRedirectPath), kept in localStorage under
 * the fixed key `podium.session.postLoginRedirectPath` so it survives the e-mail round trip and a reload.
 */
import { localStore } from '../../platform/local-storage';

/** localStorage key of the remembered path. */
const POST_LOGIN_REDIRECT_STORAGE_KEY = 'podium.session.postLoginRedirectPath';

/** Returns the remembered full path (path + search + hash), or null. */
export function getPostLoginRedirect(): string | null {
  return localStore()?.getItem(POST_LOGIN_REDIRECT_STORAGE_KEY) ?? null;
}

/** Remembers a full path to return to after sign-in. Only same-origin absolute paths are kept. */
export function setPostLoginRedirect(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//')) return;
  localStore()?.setItem(POST_LOGIN_REDIRECT_STORAGE_KEY, path);
}

/** Forgets the remembered path. */
export function clearPostLoginRedirect(): void {
  localStore()?.removeItem(POST_LOGIN_REDIRECT_STORAGE_KEY);
}
