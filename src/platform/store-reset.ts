/**
 * Store reset on sign-out (spec §4 Session: "resets all stores"; §8 "Store reset errors: Logged").
 * Any module that keeps per-user state outside TanStack Query registers a reset function here; logout runs them
 * all, and a failing one is logged without stopping the others.
 */

type ResetFn = () => void | Promise<void>;

const resets = new Map<string, ResetFn>();

/** Registers (or replaces, by name) a reset function. Returns a function that unregisters it. */
export function registerStoreReset(name: string, reset: ResetFn): () => void {
  resets.set(name, reset);
  return () => {
    if (resets.get(name) === reset) resets.delete(name);
  };
}

/**
 * Runs every registered reset. Resolves once all settled; a failure is logged with `console.error` and never
 * rejects. Returns the names of the resets that failed.
 */
export async function resetAllStores(): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    [...resets].map(async ([name, reset]) => {
      try {
        await reset();
      } catch (error) {
        failed.push(name);
        console.error(`[session] could not reset store "${name}"`, error);
      }
    }),
  );
  return failed;
}
