/**
 * A local OTLP/HTTP trace receiver — test-only, never shipped. Accepts `POST /v1/traces` in the OTLP JSON
 * encoding (what `@opentelemetry/exporter-trace-otlp-http` sends, from the browser and from Node; protobuf is refused
 * with 415 so a misconfigured exporter fails loudly), answers CORS preflights like a collector configured for the
 * app's origin, and keeps every span flattened: `{name, kind, traceId, spanId, parentSpanId, attributes, status,
 * events, resource}` with attribute values unwrapped. `GET /__stand-in/spans` lists them; `POST /__stand-in/reset`
 * forgets them.
 *
 * Run alone: `npx tsx test/stand-ins/otlp-receiver.ts [port]`.
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';

type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
};
type KeyValue = { key: string; value: AnyValue };

/** A received span with plain attribute values. */
export interface ReceivedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
  events: { name: string; attributes: Record<string, unknown> }[];
  resource: Record<string, unknown>;
  scope: string;
  receivedAt: number;
}

function unwrap(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(unwrap);
  if (value.kvlistValue) return attributes(value.kvlistValue.values);
  return undefined;
}

function attributes(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, unwrap(kv.value)]));
}

/** The parts of an OTLP JSON `ExportTraceServiceRequest` that the receiver reads. */
interface OtlpTraceRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        name: string;
        kind: number;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        attributes?: KeyValue[];
        status?: { code?: number; message?: string };
        events?: { name: string; attributes?: KeyValue[] }[];
      }[];
    }[];
  }[];
}

/** Flattens an OTLP JSON `ExportTraceServiceRequest` into spans. */
export function flattenTraces(body: unknown, receivedAt = Date.now()): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const rs of (body as OtlpTraceRequest).resourceSpans ?? []) {
    const resource = attributes(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        spans.push({
          name: s.name,
          kind: s.kind,
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId || undefined,
          attributes: attributes(s.attributes),
          status: s.status ?? {},
          events: (s.events ?? []).map((e) => ({ name: e.name, attributes: attributes(e.attributes) })),
          resource,
          scope: ss.scope?.name ?? '',
          receivedAt,
        });
      }
    }
  }
  return spans;
}

/** Handle of a running receiver. */
export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  stop(): Promise<void>;
}

/** Starts the receiver on `port` (0 = any free port) at 127.0.0.1. */
export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const app = new Hono();
  app.use(
    '*',
    cors({ origin: (origin) => origin || '*', allowHeaders: ['content-type', 'traceparent'], allowMethods: ['POST', 'GET', 'OPTIONS'] }),
  );
  app.post('/v1/traces', async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.includes('json')) return c.json({ error: `only OTLP JSON is accepted here, got ${type}` }, 415);
    spans.push(...flattenTraces(await c.req.json()));
    return c.json({ partialSuccess: {} });
  });
  app.get('/__stand-in/spans', (c) => c.json(spans));
  app.post('/__stand-in/reset', (c) => {
    spans.length = 0;
    return c.json({});
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return { url, spans, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const receiver = await startOtlpReceiver(Number(process.argv[2] ?? 4318));
  console.log(`OTLP/HTTP receiver listening at ${receiver.url}`);
}
