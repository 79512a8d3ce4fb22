/**
 * One way to define an offline-queued action (ARCHITECTURE §6; TanStack Query's offline example): a mutation key,
 * a mutation function and the optimistic update around it. From that one declaration come
 * - `register(queryClient)`: the `setMutationDefaults` entry (with `queuedMutationDefaults`: pause offline, the
 *   retry/drop policy, the `offlineQueue` meta), registered at boot before the persisted cache is restored, so a
 *   paused action made before a reload still has its function and replays with its original variables;
 * - `useAction()`: the mutation, whose `run(input, options?)` captures a fresh Idempotency-Key and tap time, then mutates;
 * - `usePending(match?)`: the points still awaiting the server's confirmation, and whether they wait offline.
 */
import {
  useMutation,
  useMutationState,
  type MutateOptions,
  type Mutation,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { newQueuedActionVariables, queuedMutationDefaults, type QueuedActionVariables } from './queued-action';

/** What every queued action's `onMutate` must remember: the points awaiting confirmation (0 when none). */
interface QueuedActionContext {
  pendingPoints: number;
}

/** Pending runs of an action, summed: the points awaiting confirmation and whether any waits offline. */
interface PendingQueuedAction {
  pendingPoints: number;
  isPaused: boolean;
}

/** The callbacks of the optimistic update (the cache the action changes at once, its rollback and refetches). */
type QueuedActionCallbacks<TResult, TVariables, TContext> = Pick<
  MutationOptions<TResult, Error, TVariables, TContext>,
  'onMutate' | 'onSuccess' | 'onError' | 'onSettled'
>;

/** The declaration of a queued action: `TInput` is what the caller gives (`{videoId}`), without key and time. */
interface QueuedActionDefinition<TResult, TInput extends object, TContext extends QueuedActionContext> {
  /** Key of the mutation; it is persisted with each paused run, so it must not change between releases. */
  mutationKey: readonly [string];
  /** Sends one run; receives the input plus `{idempotencyKey, occurredAt}`. */
  mutationFn: (variables: QueuedActionVariables & TInput) => Promise<TResult>;
  /** Builds the optimistic callbacks for `queryClient`; `onMutate` returns the context with `pendingPoints`. */
  optimistic: (queryClient: QueryClient) => QueuedActionCallbacks<TResult, QueuedActionVariables & TInput, TContext>;
}

/**
 * Defines a queued action. Takes the declaration; returns `{mutationKey, mutationFn, register, useAction,
 * usePending}` (see the module doc). Throws nothing itself; the mutation's errors reach the callbacks and the
 * offline queue's mutation cache.
 */
export function defineQueuedAction<TResult, TInput extends object, TContext extends QueuedActionContext>(
  definition: QueuedActionDefinition<TResult, TInput, TContext>,
) {
  type Variables = QueuedActionVariables & TInput;
  const { mutationKey, mutationFn, optimistic } = definition;

  /** Registers the action's mutation defaults on `queryClient`. Idempotent (replaces by key). */
  function register(queryClient: QueryClient): void {
    queryClient.setMutationDefaults<TResult, Error, Variables, TContext>(mutationKey, {
      ...queuedMutationDefaults,
      mutationFn,
      ...optimistic(queryClient),
    });
  }

  /**
   * The action's mutation (function and callbacks from `register`); `run(input, options?)` starts one run, with
   * per-call callbacks (they fire only while the caller is mounted; the registered ones always do).
   */
  function useAction() {
    const mutation = useMutation<TResult, Error, Variables, TContext>({ mutationKey });
    return {
      ...mutation,
      run: (input: TInput, options?: MutateOptions<TResult, Error, Variables, TContext>) =>
        mutation.mutate({ ...newQueuedActionVariables(), ...input }, options),
    };
  }

  /** Runs not yet confirmed (pending, or paused offline) whose variables `match`; null when there is none. */
  function usePending(match: (variables: Variables) => boolean = () => true): PendingQueuedAction | null {
    const runs = useMutationState({
      filters: { mutationKey, status: 'pending' },
      select: (mutation) => {
        const m = mutation as Mutation<TResult, Error, Variables, TContext>;
        return { variables: m.state.variables, pendingPoints: m.state.context?.pendingPoints ?? 0, isPaused: m.state.isPaused };
      },
    });
    const mine = runs.filter((run) => run.variables !== undefined && match(run.variables));
    if (mine.length === 0) return null;
    return { pendingPoints: mine.reduce((sum, run) => sum + run.pendingPoints, 0), isPaused: mine.some((run) => run.isPaused) };
  }

  return { mutationKey, mutationFn, register, useAction, usePending };
}
