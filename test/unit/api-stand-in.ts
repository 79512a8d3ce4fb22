/**
 * A stand-in for the API in unit tests: a real HTTP server (node:http on a random 127.0.0.1 port) that records
 * every request and answers from a script, so tests count what the PWA really sends (no mocked fetch).
 * `startApiStandIn()` also points the runtime config's `apiOrigin` at it.
 */
import { testRuntimeConfig } from './runtime-config-fixture';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setRuntimeConfig } from '../../src/platform/runtime-config';

/** One request the stand-in received. */
export interface SeenRequest {
  method: string;
  /** Path after the `/api` prefix, with the query string (e.g. `/challenge`). */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** `Date.now()` when it arrived (fake timers move it). */
  at: number;
}

/** One scripted answer. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A running stand-in. */
export interface ApiStandIn {
  /** Everything received so far, in order. */
  seen: SeenRequest[];
  /** Queues answers for `METHOD /path` (e.g. `GET /challenge`), used before `fallback`. */
  script: (route: string, ...replies: Reply[]) => void;
  /** The answer when nothing is scripted (default: 200 `{data: {}}`). */
  fallback: (route: string) => Reply;
  /** Forgets requests and scripts. */
  reset: () => void;
  close: () => Promise<void>;
}

/** Starts the stand-in and sets a runtime config whose `apiOrigin` is `http://127.0.0.1:<port>/api`. */
export async function startApiStandIn(fallback: ApiStandIn['fallback'] = () => ({ status: 200, body: { data: {} } })): Promise<ApiStandIn> {
  const scripts = new Map<string, Reply[]>();
  const standIn: ApiStandIn = {
    seen: [],
    script: (route, ...replies) => scripts.set(route, [...(scripts.get(route) ?? []), ...replies]),
    fallback,
    reset: () => {
      standIn.seen.length = 0;
      scripts.clear();
    },
    close: async () => undefined,
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/api/, '');
      const route = `${req.method} ${path.split('?')[0]}`;
      standIn.seen.push({ method: req.method ?? '', path, headers: req.headers, body, at: Date.now() });
      const reply = scripts.get(route)?.shift() ?? standIn.fallback(route);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // fetch keeps connections alive; close would wait for them
    });
  setRuntimeConfig(testRuntimeConfig({ apiOrigin: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` }));
  return standIn;
}
