/**
 * A local PostHog capture endpoint — test-only, never shipped. Records what `posthog-js` (1.449) sends:
 * events on `/e/`, `/i/v0/e/`, `/batch/`, `/capture/`, `/track/`, `/engage/` and recordings on `/s/`, decoding the
 * three encodings the library uses (`?compression=gzip-js`: a gzip body; `?compression=base64` or a form body:
 * `data=<base64 JSON>`; otherwise plain JSON, one event or a list). Answers `/flags/` and the remote config
 * (`/array/<key>/config`) with empty settings so nothing else is loaded. Every request is counted, so a test can
 * also prove that nothing arrived. `GET /__stand-in/events` lists the events, `GET /__stand-in/requests` the
 * requests, `POST /__stand-in/reset` forgets both.
 *
 * Run alone: `npx tsx test/stand-ins/posthog-capture.ts [port]`.
 */
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';

/** One captured event, as posthog-js sent it, plus the endpoint and time. */
export interface CapturedEvent {
  event: string;
  distinct_id?: string;
  properties: Record<string, unknown>;
  $set?: Record<string, unknown>;
  endpoint: string;
  receivedAt: number;
  /**
   * When the client captured it (its `timestamp`, epoch ms; `receivedAt` when it has none). posthog-js may send the
   * events it queued in several requests at once, which can arrive in any order.
   */
  capturedAt: number;
}

/** One event as posthog-js encodes it; the distinct id and `$set` may sit at the top or inside the properties. */
interface RawEvent {
  event: string;
  distinct_id?: string;
  properties?: Record<string, unknown> & { distinct_id?: string; $set?: Record<string, unknown> };
  $set?: Record<string, unknown>;
  timestamp?: string;
}

/** Decodes a capture request body (see module doc). Returns the events it holds. */
export function decodeCaptureBody(raw: Buffer, compression: string | null, contentType: string): RawEvent[] {
  let text: string;
  if (compression === 'gzip-js' || compression === 'gzip' || (raw[0] === 0x1f && raw[1] === 0x8b)) {
    text = gunzipSync(raw).toString('utf8');
  } else {
    text = raw.toString('utf8');
    if (compression === 'base64' || contentType.includes('x-www-form-urlencoded') || text.startsWith('data=')) {
      const data = new URLSearchParams(text).get('data') ?? '';
      text = Buffer.from(data, 'base64').toString('utf8');
    }
  }
  const parsed = JSON.parse(text);
  const list = Array.isArray(parsed) ? parsed : Array.isArray(parsed.batch) ? parsed.batch : [parsed];
  return list;
}

/** Handle of a running capture endpoint. */
export interface PostHogCapture {
  url: string;
  events: CapturedEvent[];
  requests: { method: string; path: string; at: number }[];
  stop(): Promise<void>;
}

/** Starts the endpoint on `port` (0 = any free port) at 127.0.0.1. */
export async function startPostHogCapture(port = 0): Promise<PostHogCapture> {
  const events: CapturedEvent[] = [];
  const requests: { method: string; path: string; at: number }[] = [];
  const app = new Hono();
  app.use('*', cors({ origin: (origin) => origin || '*', credentials: true }));
  app.use('*', async (c, next) => {
    if (!c.req.path.startsWith('/__stand-in') && c.req.method !== 'OPTIONS')
      requests.push({ method: c.req.method, path: c.req.path, at: Date.now() });
    await next();
  });

  const capture = async (c: Context) => {
    const raw = Buffer.from(await c.req.arrayBuffer());
    if (raw.length === 0) return c.json({ status: 1 });
    try {
      for (const e of decodeCaptureBody(raw, c.req.query('compression') ?? null, c.req.header('content-type') ?? '')) {
        const receivedAt = Date.now();
        const capturedAt = e.timestamp ? Date.parse(e.timestamp) : Number.NaN;
        events.push({
          event: e.event,
          distinct_id: e.distinct_id ?? e.properties?.distinct_id,
          properties: e.properties ?? {},
          $set: e.$set ?? e.properties?.$set,
          endpoint: c.req.path,
          receivedAt,
          capturedAt: Number.isNaN(capturedAt) ? receivedAt : capturedAt,
        });
      }
    } catch (error) {
      return c.json({ error: `undecodable body: ${String(error)}` }, 400);
    }
    return c.json({ status: 1 });
  };
  for (const path of ['/e', '/i/v0/e', '/batch', '/capture', '/track', '/engage', '/s']) {
    app.post(path, capture);
    app.post(`${path}/`, capture);
  }
  const flags = (c: Context) =>
    c.json({ flags: {}, featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false, requestId: 'stand-in' });
  app.post('/flags/', flags);
  app.post('/flags', flags);
  app.post('/decide/', flags);
  app.get('/array/:key/config', (c) =>
    c.json({ supportedCompression: ['gzip-js'], sessionRecording: false, heatmaps: false, autocaptureExceptions: false, surveys: false }),
  );
  app.get('/array/:key/config.js', (c) => c.body('', 200, { 'content-type': 'application/javascript' }));

  app.get('/__stand-in/events', (c) => c.json(events));
  app.get('/__stand-in/requests', (c) => c.json(requests));
  app.post('/__stand-in/reset', (c) => {
    events.length = 0;
    requests.length = 0;
    return c.json({});
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return { url, events, requests, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const capture = await startPostHogCapture(Number(process.argv[2] ?? 8010));
  console.log(`PostHog capture stand-in listening at ${capture.url}`);
}
