/**
 * The e-mail waiting for its code, between /login and /login/verify-email. Kept in sessionStorage (this tab only,
 * survives a reload) rather than in the URL, so the address does not end up in history or server logs.
 */

const KEY = 'podium.session.pendingEmail';

/** Returns the pending e-mail, or null. */
export function getPendingEmail(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Remembers the e-mail a code was sent to. */
export function setPendingEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    /* storage unavailable (private mode): the verify page will ask for the address again */
  }
}

/** Forgets the pending e-mail (after sign-in). */
export function clearPendingEmail(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
}
