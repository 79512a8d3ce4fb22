/**
 * The persisted query cache (src/offline/persister.ts) against a real IndexedDB implementation (fake-indexeddb)
 * and real TanStack Query clients: what survives a "reload" (a second client restoring from the same store),
 * what a new build (`buster`) and `maxAge` discard, and that the restored queue replays exactly once.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/query-persist-client-core';
import { createStore, get, type UseStore } from 'idb-keyval';
import {
  bootOfflineCache,
  createIdbPersister,
  PERSIST_MAX_AGE_MS,
  shouldPersistMutation,
  shouldPersistQuery,
} from '../../src/offline/persister';
import { createAppQueryClient, QUERY_GC_TIME_MS } from '../../src/offline/query-client';
import { registerOfflineMutationDefaults } from '../../src/app/offline-actions';
import { changeLanguage, initI18n } from '../../src/platform/i18n';
import { newQueuedActionVariables, queuedMutationDefaults, type QueuedActionVariables } from '../../src/offline/queued-action';
import { createCheckin } from '../../src/features/checkin/api/create-checkin';

const ACTION_KEY = ['test-action'];
const KEY = 'test-cache';
let store: UseStore;
let storeSeq = 0;

/** Records the variables each attempt of the test action was called with. */
function registerTestAction(
  client: QueryClient,
  calls: QueuedActionVariables[],
  answer: () => Promise<unknown> = async () => ({ ok: true }),
) {
  client.setMutationDefaults(ACTION_KEY, {
    ...queuedMutationDefaults,
    retryDelay: 1,
    mutationFn: async (variables: QueuedActionVariables) => {
      calls.push(variables);
      return answer();
    },
  });
}

function options(client: QueryClient, buster = 'build-1') {
  return {
    // The persister packages type the client with their own copy of query-core (same runtime object).
    queryClient: client as never,
    persister: createIdbPersister({ key: KEY, store, buster, throttleMs: 0 }),
    buster,
    maxAge: PERSIST_MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: shouldPersistMutation },
  };
}

/** Starts the test action while offline: it pauses before its first attempt. */
function queueOffline(client: QueryClient): QueuedActionVariables {
  const variables = newQueuedActionVariables();
  void new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ACTION_KEY })
    .mutate(variables)
    .catch(() => undefined);
  return variables;
}

/** Waits until the client's first mutation is paused: queued offline, waiting for the network. */
const untilPaused = (client: QueryClient) =>
  vi.waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true), { timeout: 10_000 });

/** The data of the queries in the stored (persisted) client. */
const storedQueryData = async () => (await get(KEY, store)).clientState.queries.map((q: { state: { data: unknown } }) => q.state.data);

beforeEach(() => {
  store = createStore(`podium-test-${++storeSeq}`, 'keyval');
  onlineManager.setOnline(true);
});
afterEach(() => onlineManager.setOnline(true));

describe('persisted query cache', () => {
  it('keeps a check-in made offline across a reload and replays it exactly once with its idempotency key', async () => {
    const before = new QueryClient();
    const callsBefore: QueuedActionVariables[] = [];
    registerTestAction(before, callsBefore);
    onlineManager.setOnline(false);
    const variables = queueOffline(before);
    await untilPaused(before);
    await persistQueryClientSave(options(before));

    // "Reload": a new client with the same defaults restores from IndexedDB.
    const after = new QueryClient();
    const callsAfter: QueuedActionVariables[] = [];
    registerTestAction(after, callsAfter);
    await persistQueryClientRestore(options(after));
    const [restored] = after.getMutationCache().getAll();
    expect(restored.state.isPaused).toBe(true);
    expect(restored.state.variables).toEqual(variables);

    onlineManager.setOnline(true);
    await after.resumePausedMutations();
    expect(callsBefore).toEqual([]);
    expect(callsAfter).toEqual([variables]);
    expect(after.getMutationCache().getAll()[0].state.status).toBe('success');
  });

  it('restores successful queries with their data and update time, and leaves failed ones out', async () => {
    const before = new QueryClient();
    before.setQueryData(['checkin'], { days: 3 }, { updatedAt: 1_700_000_000_000 });
    await before.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('500')), retry: false });
    await before.fetchQuery({ queryKey: ['secret'], queryFn: async () => 'x', meta: { persist: false } });
    await persistQueryClientSave(options(before));

    const after = new QueryClient();
    await persistQueryClientRestore(options(after));
    expect(after.getQueryData(['checkin'])).toEqual({ days: 3 });
    expect(after.getQueryState(['checkin'])?.dataUpdatedAt).toBe(1_700_000_000_000);
    expect(after.getQueryState(['broken'])).toBeUndefined();
    expect(after.getQueryState(['secret'])).toBeUndefined();
  });

  it('keeps the last good data of a query whose refetch failed (offline), so the next start without signal still has it', async () => {
    const before = new QueryClient();
    before.setQueryData(['organization'], { name: 'Alpine Racing' }, { updatedAt: 1_700_000_000_000 });
    await before
      .fetchQuery({
        queryKey: ['organization'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        retry: false,
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(before.getQueryState(['organization'])?.status).toBe('error');
    await persistQueryClientSave(options(before));

    const after = new QueryClient();
    await persistQueryClientRestore(options(after));
    expect(after.getQueryData(['organization'])).toEqual({ name: 'Alpine Racing' });
    expect(after.getQueryState(['organization'])).toMatchObject({ status: 'success', error: null, dataUpdatedAt: 1_700_000_000_000 });
  });

  it('stores a queued action caught in flight as paused, so it replays after a reload', async () => {
    const before = new QueryClient();
    const sent: QueuedActionVariables[] = [];
    registerTestAction(before, sent, () => new Promise(() => undefined)); // the answer never arrives
    const variables = newQueuedActionVariables();
    void new MutationObserver<unknown, Error, QueuedActionVariables>(before, { mutationKey: ACTION_KEY }).mutate(variables);
    await vi.waitFor(() => expect(sent).toEqual([variables]), { timeout: 10_000 }); // sent, awaiting its answer
    expect(before.getMutationCache().getAll()[0].state).toMatchObject({ status: 'pending', isPaused: false });
    await persistQueryClientSave(options(before));

    const after = new QueryClient();
    const calls: QueuedActionVariables[] = [];
    registerTestAction(after, calls);
    await persistQueryClientRestore(options(after));
    await after.resumePausedMutations();
    expect(calls).toEqual([variables]);
  });

  it('does not persist an ordinary mutation that is merely in flight', async () => {
    const before = new QueryClient();
    const mutationFn = vi.fn(() => new Promise(() => undefined));
    void new MutationObserver(before, { mutationFn }).mutate(undefined);
    await vi.waitFor(() => expect(mutationFn).toHaveBeenCalled(), { timeout: 10_000 }); // in flight
    await persistQueryClientSave(options(before));
    const stored = await get(KEY, store);
    expect(stored.clientState.mutations).toEqual([]);
  });

  it('a new build (buster) drops the persisted queries but keeps the queued actions', async () => {
    const before = new QueryClient();
    registerTestAction(before, []);
    before.setQueryData(['challenges'], ['old shape']);
    onlineManager.setOnline(false);
    const variables = queueOffline(before);
    await untilPaused(before);
    await persistQueryClientSave(options(before, 'build-1'));

    const after = new QueryClient();
    const calls: QueuedActionVariables[] = [];
    registerTestAction(after, calls);
    await persistQueryClientRestore(options(after, 'build-2'));
    expect(after.getQueryData(['challenges'])).toBeUndefined();
    onlineManager.setOnline(true);
    await after.resumePausedMutations();
    expect(calls).toEqual([variables]);
  });

  it('a new build with nothing queued discards the persisted cache entirely', async () => {
    const before = new QueryClient();
    before.setQueryData(['challenges'], ['old shape']);
    await persistQueryClientSave(options(before, 'build-1'));
    expect(await get(KEY, store)).toBeDefined();

    const after = new QueryClient();
    await persistQueryClientRestore(options(after, 'build-2'));
    expect(after.getQueryData(['challenges'])).toBeUndefined();
    expect(await get(KEY, store)).toBeUndefined();
  });

  it('discards a persisted cache older than maxAge (7 days)', async () => {
    const persister = createIdbPersister({ key: KEY, store, buster: 'build-1', throttleMs: 0 });
    await persister.persistClient({
      timestamp: Date.now() - PERSIST_MAX_AGE_MS - 1000,
      buster: 'build-1',
      clientState: { queries: [], mutations: [] },
    });
    const after = new QueryClient();
    await persistQueryClientRestore(options(after));
    expect(await get(KEY, store)).toBeUndefined();
  });

  it('bootOfflineCache restores, then saves later changes (throttled) and replays the queue', async () => {
    const seed = new QueryClient();
    registerTestAction(seed, []);
    onlineManager.setOnline(false);
    const variables = queueOffline(seed);
    await untilPaused(seed);
    await persistQueryClientSave(options(seed));

    const client = new QueryClient();
    const calls: QueuedActionVariables[] = [];
    registerTestAction(client, calls);
    const persister = createIdbPersister({ key: KEY, store, buster: 'build-1', throttleMs: 20 });
    const stop = await bootOfflineCache(client, { options: { ...options(client), persister } });
    client.setQueryData(['checkin'], { days: 9 });
    client.setQueryData(['checkin'], { days: 10 }); // coalesced into the trailing write
    // Wait for the trailing write itself: the stored cache holds the newest data.
    await vi.waitFor(
      async () => {
        const written = await get(KEY, store);
        expect(written.clientState.queries.map((q: { state: { data: unknown } }) => q.state.data)).toEqual([{ days: 10 }]);
      },
      { timeout: 10_000 },
    );
    const stored = await get(KEY, store);
    expect(stored.clientState.mutations).toHaveLength(1); // still waiting for the network

    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    expect(calls).toEqual([variables]);
    stop();
  });

  it('bootOfflineCache gives up waiting for a slow IndexedDB, then restores and calls onLateRestore so the first screen loads again', async () => {
    const seed = new QueryClient();
    seed.setQueryData(['checkin'], { days: 3 });
    await persistQueryClientSave(options(seed));

    const client = new QueryClient();
    const persister = createIdbPersister({ key: KEY, store, buster: 'build-1', throttleMs: 0 });
    let release: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (release = resolve));
    // IndexedDB answering only after the boot stopped waiting, as a phone's first open of the database may.
    const slow = { ...persister, restoreClient: async () => (await opened, persister.restoreClient()) };
    const onLateRestore = vi.fn();
    const stop = await bootOfflineCache(client, { timeoutMs: 5, options: { ...options(client), persister: slow }, onLateRestore });
    expect(client.getQueryData(['checkin'])).toBeUndefined();
    expect(onLateRestore).not.toHaveBeenCalled();

    release();
    await vi.waitFor(() => expect(onLateRestore).toHaveBeenCalledTimes(1));
    expect(client.getQueryData(['checkin'])).toEqual({ days: 3 });
    stop();
  });

  it('bootOfflineCache does not call onLateRestore when the restore is in time', async () => {
    const seed = new QueryClient();
    seed.setQueryData(['checkin'], { days: 4 });
    await persistQueryClientSave(options(seed));
    const client = new QueryClient();
    const onLateRestore = vi.fn();
    const stop = await bootOfflineCache(client, { options: options(client), onLateRestore });
    expect(client.getQueryData(['checkin'])).toEqual({ days: 4 });
    expect(onLateRestore).not.toHaveBeenCalled();
    stop();
  });

  it('writes a newly queued action at once, inside the throttle window that still delays query-only saves', async () => {
    const client = new QueryClient();
    registerTestAction(client, []);
    // A long throttle: without the queue rule, nothing after the first write would land within this test.
    const persister = createIdbPersister({ key: KEY, store, buster: 'build-1', throttleMs: 60_000 });
    const persistClient = vi.spyOn(persister, 'persistClient');
    const stop = await bootOfflineCache(client, { options: { ...options(client), persister } });
    client.setQueryData(['checkin'], { days: 1 });
    await persister.flush(); // a save lands: the throttle window starts now
    client.setQueryData(['checkin'], { days: 2 }); // query-only change: waits for the window
    // Once the persister has been handed the change, a write it started would be read back below (IndexedDB runs
    // transactions on one store in order): the store must still hold the first copy.
    await vi.waitFor(() => expect(persistClient.mock.lastCall?.[0].clientState.queries.map((q) => q.state.data)).toEqual([{ days: 2 }]), {
      timeout: 10_000,
    });
    expect(await storedQueryData()).toEqual([{ days: 1 }]);

    onlineManager.setOnline(false);
    const variables = queueOffline(client);
    await vi.waitFor(
      async () => {
        const saved = await get(KEY, store);
        expect(saved.clientState.mutations.map((m: { state: { variables: unknown } }) => m.state.variables)).toEqual([variables]);
      },
      { timeout: 10_000 },
    );
    // The queue write carries the latest queries too.
    expect(await storedQueryData()).toEqual([{ days: 2 }]);

    // The action confirmed: the emptied queue is written at once as well (no stale replay after a reload).
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await vi.waitFor(async () => expect((await get(KEY, store)).clientState.mutations).toEqual([]), { timeout: 10_000 });
    stop();
  });
});

describe('app QueryClient', () => {
  it('keeps unused data longer than the persisted cache may be old, and pauses mutations offline', () => {
    const client = createAppQueryClient(registerOfflineMutationDefaults);
    const defaults = client.getDefaultOptions();
    expect(defaults.queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_GC_TIME_MS).toBeGreaterThan(PERSIST_MAX_AGE_MS);
    expect(defaults.queries?.networkMode).toBe('offlineFirst');
    expect(defaults.mutations?.networkMode).toBe('online');
  });

  it("keeps each language's content apart: after a switch the other language's cached texts are not shown, and a switch back finds them", async () => {
    await initI18n();
    await changeLanguage('en');
    const client = createAppQueryClient(registerOfflineMutationDefaults);
    client.setQueryData(['challenges'], [{ title: 'Who wins on Sunday?' }]);
    await changeLanguage('fr');
    expect(client.getQueryData(['challenges'])).toBeUndefined();
    client.setQueryData(['challenges'], [{ title: 'Qui gagne dimanche ?' }]);
    await changeLanguage('en');
    expect(client.getQueryData(['challenges'])).toEqual([{ title: 'Who wins on Sunday?' }]);
    // Keys stay language-free: invalidating a key reaches both languages' entries.
    await client.invalidateQueries({ queryKey: ['challenges'] });
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: ['challenges'] })
        .map((q) => q.state.isInvalidated),
    ).toEqual([true, true]);
  });

  it("registers the offline actions' mutation defaults, so a restored action has its mutationFn", () => {
    const client = createAppQueryClient(registerOfflineMutationDefaults);
    expect(client.getMutationDefaults(['checkin']).mutationFn).toBe(createCheckin);
    for (const key of ['checkin', 'story-chapter-view', 'video-view', 'article-read']) {
      expect(client.getMutationDefaults([key]).mutationFn, key).toBeTypeOf('function');
      expect(client.getMutationDefaults([key]).meta, key).toEqual({ offlineQueue: true });
      expect(client.getMutationDefaults([key]).networkMode, key).toBe('online');
    }
  });
});
