/**
 * The persisted query cache: TanStack Query's whole-client persister over IndexedDB (idb-keyval), so a signed-in
 * fan who opens the app with no network sees the last data at once, and queued actions survive closing the app
 * (ARCHITECTURE §6, TanStack Query's offline example).
 *
 * Boot (src/main.tsx), recommended — restore before the router's first load, so loaders find the cached data:
 * ```tsx
 * import { QueryClientProvider } from '@tanstack/react-query';
 * import { createAppQueryClient } from './offline/query-client';
 * import { bootOfflineCache } from './offline/persister';
 *
 * const queryClient = createAppQueryClient(registerOfflineMutationDefaults);  // from src/app/offline-actions
 * await bootOfflineCache(queryClient);          // restore (<= 3 s), then save on change + replay the queue
 * // ... create the router with context {queryClient}, render <QueryClientProvider client={queryClient}> ...
 * // after the first render (not on the critical path):
 * void import('./offline/setup').then(({ setupOffline }) => setupOffline(queryClient));
 * ```
 * Equivalent with the provider (then route loaders must not await the network before `useIsRestoring()` is false):
 * `<PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}
 *    onSuccess={() => resumeOfflineQueue(queryClient)}>` — `onSuccess` must not return the replay promise.
 *
 * Exports: `bootOfflineCache(queryClient)`, `persistOptions` (maxAge 7 days, buster = `__APP_VERSION__`,
 * dehydrate rules), `resumeOfflineQueue(queryClient)`, `clearPersistedCache()` (logout), `createIdbPersister`,
 * and the dehydrate predicates `shouldPersistQuery` / `shouldPersistMutation`.
 *
 * What is persisted: queries with data (for one whose refetch failed, the data it had), unless
 * `meta.persist === false`, and offline-queue mutations that are paused or were in flight (an in-flight one is
 * stored as paused: its Idempotency-Key makes the replay safe).
 * A new build (`buster` change) drops the persisted queries, whose shape may have changed, but keeps the queued
 * actions, so accepting an update never loses a check-in made offline.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { del, get, set, type UseStore } from 'idb-keyval';
import { PERSIST_IDB_KEY, PERSIST_MAX_AGE_MS } from './persist-constants';
import { isWaitingAction } from './waiting-actions';

export { PERSIST_MAX_AGE_MS };

/** Minimum spacing of IndexedDB writes, in ms: cache events come in bursts (a screen's queries settling). */
const PERSIST_THROTTLE_MS = 300;

interface IdbPersisterOptions {
  /** idb-keyval key (default `PERSIST_IDB_KEY`). */
  key?: string;
  /** idb-keyval store (default: idb-keyval's default store). */
  store?: UseStore;
  /** The current build's buster; a restored client with another buster keeps only its queued mutations. */
  buster: string;
  /** Write throttle in ms (default `PERSIST_THROTTLE_MS`; 0 writes at once). */
  throttleMs?: number;
}

/** A `Persister` with a `flush()` that writes any pending (throttled) save at once. */
interface IdbPersister extends Persister {
  flush: () => Promise<void>;
}

/**
 * Prepares a dehydrated client for storage: offline-queue mutations caught in flight are stored as paused, so
 * `resumePausedMutations()` replays them after a restore (their Idempotency-Key makes a double send harmless); a
 * query whose last refetch failed (offline: the organization, the member) is stored as its last good data, so the
 * next start without signal shows it again instead of finding nothing.
 */
function prepareForStorage(client: PersistedClient): PersistedClient {
  const mutations = client.clientState.mutations.map((m) =>
    m.state.status === 'pending' && !m.state.isPaused ? { ...m, state: { ...m.state, isPaused: true } } : m,
  );
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries, mutations } };
}

/**
 * Identity of the offline queue in a dehydrated client: each mutation's key, submit time and Idempotency-Key.
 * Takes the client; returns a string that changes when an action is queued, settles or is dropped (not when only
 * its optimistic context or failure count changes).
 */
function queueSignature(client: PersistedClient): string {
  return JSON.stringify(
    client.clientState.mutations.map((m) => {
      const variables = m.state.variables as { idempotencyKey?: unknown } | undefined;
      return [m.mutationKey ?? null, m.state.submittedAt, variables?.idempotencyKey ?? null];
    }),
  );
}

/** Structured clone can refuse odd values (functions in a mutation context): fall back to a JSON copy. */
async function storeClient(key: string, value: PersistedClient, store?: UseStore): Promise<void> {
  try {
    await set(key, value, store);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'DataCloneError')) throw error;
    await set(key, JSON.parse(JSON.stringify(value)) as PersistedClient, store);
  }
}

/**
 * Creates the idb-keyval `Persister` (TanStack's "building a persister" recipe) with throttled writes.
 * A change of the offline queue (an action queued, confirmed or dropped; see `queueSignature`) is written at once,
 * not throttled: a fan who taps "Check in" and closes the app (or navigates) within the throttle window would
 * otherwise lose the action, because a write first started in `pagehide` is often aborted with the page.
 * Takes `IdbPersisterOptions`; returns an `IdbPersister`. IndexedDB failures reject the returned promises
 * (TanStack logs them and keeps the in-memory cache working).
 */
export function createIdbPersister({
  key = PERSIST_IDB_KEY,
  store,
  buster,
  throttleMs = PERSIST_THROTTLE_MS,
}: IdbPersisterOptions): IdbPersister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  /** Queue signature of the newest client handed to IndexedDB (or of the restored one). */
  let writtenQueue: string | null = null;

  const writePending = (): Promise<void> => {
    timer = null;
    const client = pending;
    pending = null;
    if (!client) return writing;
    lastWrite = Date.now();
    writtenQueue = queueSignature(client);
    // Start the write now rather than after the previous one settles: a write chained behind one still in flight
    // never starts when the page goes away meanwhile (the pagehide flush), which lost a queued action made just
    // before leaving. IndexedDB commits readwrite transactions on one store in creation order, so the newest
    // copy still lands last.
    const write = storeClient(key, client, store);
    writing = write.catch(() => undefined);
    return write;
  };

  return {
    persistClient(client) {
      pending = prepareForStorage(client);
      const queueChanged = queueSignature(pending) !== writtenQueue;
      if (throttleMs <= 0 || queueChanged || Date.now() - lastWrite >= throttleMs) {
        if (timer) clearTimeout(timer);
        return writePending();
      }
      timer ??= setTimeout(() => void writePending().catch(() => undefined), throttleMs - (Date.now() - lastWrite));
      return undefined;
    },
    async restoreClient() {
      const stored = await get<PersistedClient>(key, store);
      if (stored?.clientState) writtenQueue = queueSignature(stored);
      if (!stored || stored.buster === buster) return stored;
      // Another build wrote this: its queries may not match this build's schemas, its queued actions still must run.
      const mutations = stored.clientState?.mutations ?? [];
      if (mutations.length === 0) return stored; // let TanStack discard it as busted
      return { ...stored, buster, clientState: { queries: [], mutations } };
    },
    async removeClient() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      writtenQueue = null;
      await writing.catch(() => undefined);
      await del(key, store);
    },
    flush() {
      if (timer) clearTimeout(timer);
      return writePending();
    },
  };
}

/**
 * The parts of a Query/Mutation the dehydrate rules read. Structural on purpose: the persister packages pin their
 * own `@tanstack/query-core` copy, whose nominal types differ from react-query's.
 */
interface PersistableQuery {
  state: { status: string; data?: unknown };
  meta?: Record<string, unknown>;
}
interface PersistableMutation {
  state: { status: string; isPaused: boolean };
  meta?: Record<string, unknown>;
}

/** The client as typed by the persister packages (same runtime object; see `PersistableQuery`). */
type PersistClient = PersistQueryClientOptions['queryClient'];
const asPersistClient = (queryClient: QueryClient) => queryClient as unknown as PersistClient;

/**
 * Dehydrate rule for queries: those with data (successful, or whose later refetch failed: the data they had is
 * kept), unless a query opts out with `meta: {persist: false}`.
 */
export function shouldPersistQuery(query: PersistableQuery): boolean {
  const hasData = query.state.status === 'success' || (query.state.status === 'error' && query.state.data !== undefined);
  return hasData && query.meta?.persist !== false;
}

/** Dehydrate rule for mutations: the actions still waiting to sync (`isWaitingAction`: paused, or queued and in flight). */
export function shouldPersistMutation(mutation: PersistableMutation): boolean {
  return isWaitingAction(mutation);
}

/** The build version, or 'dev' where Vite's define is absent (unit tests). */
const APP_BUSTER: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/** The app's persister (one per page). */
const appPersister: IdbPersister = createIdbPersister({ buster: APP_BUSTER });

/**
 * `persistOptions` for `<PersistQueryClientProvider>`: idb-keyval persister, `maxAge` 7 days,
 * `buster` = build version, dehydrate rules above.
 */
const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: appPersister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: APP_BUSTER,
  dehydrateOptions: {
    shouldDehydrateQuery: shouldPersistQuery,
    shouldDehydrateMutation: shouldPersistMutation,
  },
};

/**
 * Starts replaying the queued actions (after the persisted cache is restored), then refetches what they changed.
 * Takes the client; returns nothing and never blocks: while offline the replay waits for the network, so it
 * must not be awaited by anything on the way to the first render (`PersistQueryClientProvider` awaits the
 * value its `onSuccess` returns). Each mutation's failure is handled by its own policy (queued-action.ts).
 */
function resumeOfflineQueue(queryClient: QueryClient): void {
  const hadQueued = queryClient
    .getMutationCache()
    .getAll()
    .some((m) => m.state.isPaused);
  void queryClient
    .resumePausedMutations()
    .then(() => (hadQueued ? queryClient.invalidateQueries() : undefined))
    .catch(() => undefined);
}

/** How long the boot waits for IndexedDB before rendering without the persisted cache, in ms. */
const RESTORE_TIMEOUT_MS = 3_000;

/**
 * Restores the persisted cache into `queryClient`, then keeps it saved and replays the queue — the recommended
 * boot, because route loaders (`ensureQueryData`) then find the restored data before the router's first load,
 * which is what makes a cold start offline instant. Call it before creating/loading the router and render with
 * a plain `<QueryClientProvider>`.
 * Takes the client and optional `{timeoutMs}`; resolves once restored, or after `timeoutMs` if IndexedDB is
 * stuck (saving then starts only when the restore settles, so a late restore is never overwritten by an empty
 * cache) and then calls `onLateRestore`, so the caller can load the first route again with the restored data.
 * Never rejects: a broken store means starting with an empty cache. Returns a function that stops saving.
 */
export async function bootOfflineCache(
  queryClient: QueryClient,
  {
    timeoutMs = RESTORE_TIMEOUT_MS,
    options = persistOptions,
    onLateRestore,
  }: { timeoutMs?: number; options?: Omit<PersistQueryClientOptions, 'queryClient'>; onLateRestore?: () => void } = {},
): Promise<() => void> {
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  let timedOut = false;
  const startedAt = Date.now();
  const restored = persistQueryClientRestore({ ...options, queryClient: asPersistClient(queryClient) })
    .catch((error: unknown) => console.warn('[offline] could not restore the persisted cache', error))
    .then(() => {
      if (stopped) return;
      // The saved copy may be older than what the server holds (a throttled save lost to a reload, or points earned
      // elsewhere): restored data shows at once but is stale, so screens refetch it in the background instead of
      // trusting it as fresh for a minute (a consent switched on read as off after a reload). What was fetched while
      // the restore ran (the organization, asked for at boot) is fresh and stays so.
      void queryClient.invalidateQueries({ refetchType: 'none', predicate: (query) => query.state.dataUpdatedAt < startedAt });
      unsubscribe = persistQueryClientSubscribe({ ...options, queryClient: asPersistClient(queryClient) });
      resumeOfflineQueue(queryClient);
      // The first screen was decided without the cache (a slow phone's first IndexedDB open, a busy disk): its
      // loaders and guards run again with it, so a fan without signal gets their data instead of a spinner.
      if (timedOut) onLateRestore?.();
    });
  await Promise.race([
    restored,
    new Promise((resolve) =>
      setTimeout(() => {
        timedOut = true;
        resolve(undefined);
      }, timeoutMs),
    ),
  ]);
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/** Deletes the persisted cache (logout: the next fan on this phone must not see it). Resolves when done. */
export function clearPersistedCache(): Promise<void> {
  return appPersister.removeClient() as Promise<void>;
}

if (typeof window !== 'undefined') {
  // A throttled save still waiting when the page goes away is written now (best effort: IndexedDB usually
  // completes a transaction started in pagehide).
  const flush = () => void appPersister.flush().catch(() => undefined);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
