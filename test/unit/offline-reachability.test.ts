// @vitest-environment jsdom
/**
 * Reachability (src/offline/reachability.ts) against a real local HTTP server: an attempt that fails with no
 * answer marks the app offline (so queued actions pause instead of spending attempts), and the probe brings it
 * back online once the server answers — any HTTP status counts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { NetworkError } from '../../src/api/errors';
import { probeReachable, watchReachability } from '../../src/offline/reachability';
import { newQueuedActionVariables, queuedMutationDefaults, type QueuedActionVariables } from '../../src/offline/queued-action';

let server: Server;
let baseUrl: string;
let unreachableUrl: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"code":"NotFound","message":"no such route"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: take one, then close it.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  unreachableUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/health`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => onlineManager.setOnline(true));

describe('reachability probe', () => {
  it('counts any HTTP answer (here a 404) as reachable', async () => {
    expect(await probeReachable({ probeUrl: `${baseUrl}/api/health` })).toBe(true);
  });

  it('reports a server that does not answer as unreachable', async () => {
    expect(await probeReachable({ probeUrl: unreachableUrl })).toBe(false);
  });
});

describe('watchReachability', () => {
  it('pauses a queued action after a no-answer failure and resumes it when the probe gets through', async () => {
    const client = new QueryClient();
    client.mount();
    const calls: string[] = [];
    client.setMutationDefaults(['checkin'], {
      ...queuedMutationDefaults,
      retryDelay: 1,
      mutationFn: async (v: QueuedActionVariables) => {
        calls.push(v.idempotencyKey);
        if (calls.length === 1) throw new NetworkError('lie-fi');
        return { ok: true };
      },
    });
    const stop = watchReachability(client, { probeUrl: `${baseUrl}/api/health` });
    const v = newQueuedActionVariables();
    const done = new MutationObserver<unknown, Error, QueuedActionVariables>(client, { mutationKey: ['checkin'] }).mutate(v);

    await expect.poll(() => client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);
    expect(onlineManager.isOnline()).toBe(false);
    // The probe runs after its first backoff step (2 s) and finds the server: online again, the action replays.
    await done;
    expect(onlineManager.isOnline()).toBe(true);
    expect(calls).toEqual([v.idempotencyKey, v.idempotencyKey]);
    stop();
    client.unmount();
  }, 10_000);
});
