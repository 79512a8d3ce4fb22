/**
 * The waiting new version (ARCHITECTURE §6: announced with "Update available — Reload", never forced). The
 * toast is the first place it is offered; since only one toast is kept (spec §4), a later toast can replace it,
 * and the fan can close it. Until the fan accepts, the offer then stays in the status indicator
 * (`components/offline-indicator.tsx`), so the update is never lost.
 *
 * Kept apart from `sw-registration.ts` so the indicator reads it without loading workbox-window.
 */
import { useSyncExternalStore } from 'react';

interface UpdateOffer {
  /** Applies the waiting version (the page reloads). */
  accept: () => void;
  /** Whether the "Update available" toast is on screen. */
  toastShown: boolean;
}

let offer: UpdateOffer | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Records a waiting version. Takes what accepting it does; returns the accept function to give the toast. */
export function offerUpdate(accept: () => void): () => void {
  const acceptOnce = () => {
    offer = null;
    emit();
    accept();
  };
  offer = { accept: acceptOnce, toastShown: true };
  emit();
  return acceptOnce;
}

/** The update toast left the screen (replaced, closed, swiped): the indicator offers the update from now on. */
export function updateToastClosed(): void {
  if (!offer || !offer.toastShown) return;
  offer = { ...offer, toastShown: false };
  emit();
}

/** Forgets the offer (tests, or a page that no longer has a waiting worker). */
export function clearUpdateOffer(): void {
  offer = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const pendingAccept = () => (offer && !offer.toastShown ? offer.accept : null);

/**
 * The accept function of a waiting version whose toast is no longer on screen, or null (no update waiting, or
 * its toast still shows). Re-renders when that changes.
 */
export function usePendingUpdate(): (() => void) | null {
  return useSyncExternalStore(subscribe, pendingAccept, () => null);
}
