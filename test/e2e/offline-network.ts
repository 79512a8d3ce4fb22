/**
 * A network switch for the offline end-to-end tests: `goOffline(context)` / `goOnline(context)`.
 *
 * Why not `context.setOffline(true)` alone (nor with `context.route`): Chromium applies DevTools offline emulation
 * and request interception to the document a page target currently shows. When a page navigates or reloads, the
 * outgoing document is detached from DevTools just before `pagehide`; it then receives an `online` event and its
 * requests are neither emulated offline nor routed nor reported. The app, hearing `online`, replays its queue from
 * that dying document, and the queued action reaches the server while the test believes the browser is offline
 * (about 1 navigation in 15 here; this made the four-kinds queue test fail ~3 runs in 10). A real phone never
 * sends that event, so this is a harness gap, not an app behaviour to test.
 *
 * So each test context talks to the server through a small forward proxy started by the `test` fixture below
 * (Playwright's per-context `proxy`; loopback is proxied). `goOffline` makes the proxy drop every browser request
 * (closing the connection: a network error, no HTTP answer) and then turns Chromium's offline emulation on
 * (`navigator.onLine` false, `offline` event); `goOnline` undoes both in the reverse order. The proxy sits in the
 * network stack below DevTools, so it covers pages, the service worker and outgoing documents alike.
 *
 * Requests from the test itself (`page.request`, which uses the context's proxy too) are always forwarded:
 * Playwright's API client reaches the proxy through CONNECT tunnels, which are never dropped, and a plain proxied
 * request is dropped only when it carries the Fetch Metadata headers (`Sec-Fetch-Mode`) that Chromium puts on
 * every request to a potentially trustworthy origin such as 127.0.0.1.
 *
 * Falsifiability is unchanged: a request the app makes while its document is offline is still reported by
 * `page.on('request')` / `context.on('request')` before the proxy drops it, and the server's ledger shows anything
 * that got through. `switchFor(context).dropped` lists what the proxy dropped, for diagnostics.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { BrowserContext } from '@playwright/test';
import { expect, test as base } from './fixtures';

export { expect };

/** A request the proxy dropped while offline. */
interface DroppedRequest {
  method: string;
  path: string;
  at: number;
}

/** The proxy of one browser context. */
export interface NetworkSwitch {
  /** `http://127.0.0.1:<port>`, for Playwright's `proxy.server`. */
  url: string;
  /** True while browser requests are dropped. */
  offline: boolean;
  /** Browser requests dropped while offline (method, path, time in ms since the epoch). */
  dropped: DroppedRequest[];
  /** Stops the proxy and closes every connection. */
  close: () => Promise<void>;
}

/** True for a request the browser made (Fetch Metadata present), false for Playwright's API client. */
function fromBrowser(req: IncomingMessage): boolean {
  return typeof req.headers['sec-fetch-mode'] === 'string';
}

/** Hop-by-hop headers a forward proxy must not pass on. */
const HOP_BY_HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer'];

/**
 * Starts a forward HTTP proxy on 127.0.0.1 (a free port) that passes requests on to their origin, or drops
 * browser requests while `offline` is true. Takes nothing; resolves with its `NetworkSwitch`.
 */
export async function startNetworkSwitch(): Promise<NetworkSwitch> {
  const sockets = new Set<Socket>();
  const state: NetworkSwitch = { url: '', offline: false, dropped: [], close: async () => undefined };

  const server: Server = createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute-form request expected');
      return;
    }
    if (state.offline && fromBrowser(req)) {
      state.dropped.push({ method: req.method ?? 'GET', path: target.pathname + target.search, at: Date.now() });
      req.socket.destroy();
      return;
    }
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = httpRequest(
      { host: target.hostname, port: target.port || 80, method: req.method, path: target.pathname + target.search, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // CONNECT: a plain TCP tunnel, never dropped. Playwright's API client tunnels even plain-HTTP requests this way;
  // Chromium only for https/wss, which the app does not use against this server (same-origin http, no WebSocket).
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port) || 443, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  state.url = `http://127.0.0.1:${address.port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

/** The switch of each context created by `test` below. */
const switches = new WeakMap<BrowserContext, NetworkSwitch>();

/** The network switch of `context`; throws when the context was not created by this module's `test`. */
function switchFor(context: BrowserContext): NetworkSwitch {
  const found = switches.get(context);
  if (!found) throw new Error('this browser context has no network switch: use `test` from test/e2e/offline-network.ts');
  return found;
}

/**
 * Gives `context` (a context this module's `test` did not create, such as a persistent profile launched with
 * `proxy: {server: networkSwitch.url}`) its switch, so `goOffline` / `goOnline` / `loseSignal` work on it.
 */
export function useNetworkSwitch(context: BrowserContext, networkSwitch: NetworkSwitch): void {
  switches.set(context, networkSwitch);
}

/**
 * The signal goes without the browser noticing, as in a packed stand where the phone keeps its bars but no packet
 * gets through: the proxy drops every browser request while `navigator.onLine` stays true and no `offline` event
 * fires. `goOnline` brings it back.
 */
export function loseSignal(context: BrowserContext): void {
  switchFor(context).offline = true;
}

/**
 * Takes `context` off the network: its proxy drops every browser request (pages, service worker, outgoing
 * documents), then Chromium's offline emulation is switched on. Resolves when both are in place.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  switchFor(context).offline = true;
  await context.setOffline(true);
}

/**
 * Puts `context` back on the network: the proxy forwards again, then offline emulation is switched off (the
 * `online` event that starts the app's replay comes last, so the replay is not dropped). Resolves when done.
 */
export async function goOnline(context: BrowserContext): Promise<void> {
  switchFor(context).offline = false;
  await context.setOffline(false);
}

/**
 * The end-to-end `test` (test/e2e/fixtures.ts) whose default `context` goes through its own `NetworkSwitch`,
 * so `goOffline(context)` / `goOnline(context)` work on it. Use it in every spec that takes the browser offline.
 */
export const test = base.extend<{ networkSwitch: NetworkSwitch }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from an object pattern; this fixture has none
  networkSwitch: async ({}, use) => {
    const networkSwitch = await startNetworkSwitch();
    await use(networkSwitch);
    await networkSwitch.close();
  },
  proxy: async ({ networkSwitch }, use) => {
    await use({ server: networkSwitch.url });
  },
  context: async ({ context, networkSwitch }, use) => {
    switches.set(context, networkSwitch);
    await use(context);
  },
});
