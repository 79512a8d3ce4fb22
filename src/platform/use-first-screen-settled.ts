/**
 * `useFirstScreenSettled()`: false until the first screen is usable (see `afterFirstRender`), then true for the
 * rest of the session. Lets a screen render below-the-fold or rarely-needed parts (the rewards carousel, the
 * stories rail, the level-up dialog) from their own chunks after the first screen, with a placeholder of the
 * same size meanwhile (docs/decisions/0006-first-load-budget.md).
 */
import { useEffect, useState } from 'react';
import { afterFirstRender } from './after-first-render';

let settledOnce = false;

/** Returns whether the first screen has settled; re-renders once when it does. */
export function useFirstScreenSettled(): boolean {
  const [settled, setSettled] = useState(settledOnce);
  useEffect(() => {
    if (settled) return;
    let mounted = true;
    afterFirstRender(() => {
      settledOnce = true;
      if (mounted) setSettled(true);
    });
    return () => {
      mounted = false;
    };
  }, [settled]);
  return settled;
}
