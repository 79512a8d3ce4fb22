/**
 * When to offer push: after a meaningful action — a successful check-in or an answered challenge — never on first
 * load, once per browser (asked or not, the choice stays in the profile). Watches the mutation cache (and reads the
 * successes it already holds); on the first such success it loads the push code (a chunk of its own) and, when this
 * device can receive push or needs installing first (iOS), opens the prompt. Mounted once in the root layout after
 * the first screen.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { localStore } from '../platform/local-storage';

/** localStorage key: the prompt was shown in this browser. */
const PROMPTED_KEY = 'podium.push.prompted';

const PushPrompt = lazy(() => import('../features/push/components/push-prompt').then((m) => ({ default: m.PushPrompt })));

/**
 * Whether a mutation key is one of the meaningful actions: a daily check-in (`['checkin']`), a venue check-in
 * (`['venue-checkin']`) or a challenge answer (a queued poll or keyword answer `['challenge-answer']`, or another
 * answer `['challenges', id, 'answer']`).
 */
function isMeaningful(key: readonly unknown[] | undefined): boolean {
  if (!key) return false;
  const queued = key.length === 1 && (key[0] === 'checkin' || key[0] === 'venue-checkin' || key[0] === 'challenge-answer');
  return queued || (key[0] === 'challenges' && key[2] === 'answer');
}

/** Renders the prompt when it is due; nothing otherwise. */
export function PushPromptHost() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (localStore()?.getItem(PROMPTED_KEY)) return;
    const mutationCache = queryClient.getMutationCache();
    let checking = false;
    const offer = () => {
      checking = true;
      void import('../lib/push/push-subscription').then(({ pushSupport }) => {
        const support = pushSupport();
        if (support !== 'available' && support !== 'ios-install') return;
        localStore()?.setItem(PROMPTED_KEY, new Date().toISOString());
        unsubscribe();
        setOpen(true);
      });
    };
    const unsubscribe = mutationCache.subscribe((event) => {
      if (checking || event.type !== 'updated' || event.action.type !== 'success' || !isMeaningful(event.mutation.options.mutationKey))
        return;
      offer();
    });
    // This host mounts once the first screen is usable, from a chunk of its own: a fan quick to check in may have
    // succeeded before it listened, and the mutation cache still holds that success.
    const succeeded = mutationCache
      .getAll()
      .some((mutation) => mutation.state.status === 'success' && isMeaningful(mutation.options.mutationKey));
    if (succeeded) offer();
    return unsubscribe;
  }, [queryClient]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt onDone={() => setOpen(false)} />
    </Suspense>
  );
}
