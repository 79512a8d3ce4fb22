/**
 * Server traces with OpenTelemetry for Node (decision 0032), on only when `OTEL_EXPORTER_OTLP_ENDPOINT` is
 * set (`server/main.ts` imports this module only then). One SERVER span per HTTP request, named
 * `{METHOD} {path with ids as :id}`, continuing the browser's trace when a `traceparent` header arrives, with the
 * method, path, status and errors; exported over OTLP/HTTP (JSON) to `{endpoint}/v1/traces` with the resource
 * attributes `service.name` (OTEL_SERVICE_NAME, default `podium-api`), `service.version` and
 * `deployment.environment` (PUBLIC_TELEMETRY_ENVIRONMENT, default `production`).
 */
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Env } from './env';
import { describeError } from './lib/error-description';

// `never[]`: any extra arguments (Hono's env, execution context) are passed through untouched, whatever their types.
type FetchHandler = (request: Request, ...rest: never[]) => Response | Promise<Response>;

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[A-Za-z0-9_-]{20,})$/i;

/** Span name of a request (pure): method and path, id-like segments replaced by `:id` (low cardinality). */
function requestSpanName(method: string, pathname: string): string {
  return `${method} ${pathname
    .split('/')
    .map((s) => (ID_SEGMENT.test(s) ? ':id' : s))
    .join('/')}`;
}

/**
 * Starts the Node SDK. Takes the parsed environment; returns a function that flushes and stops it, or null when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is unset.
 * @public Reached through the module object of a dynamic import, which knip does not follow.
 */
export function startServerTelemetry(env: Env): (() => Promise<void>) | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME,
      [ATTR_SERVICE_VERSION]: env.PODIUM_VERSION,
      'deployment.environment': env.PUBLIC_TELEMETRY_ENVIRONMENT,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
    instrumentations: [],
  });
  sdk.start();
  return () => sdk.shutdown();
}

/**
 * Wraps a fetch handler (the Hono app's `fetch`) so every request runs in a SERVER span. Takes the handler; returns
 * the traced handler. A thrown error is recorded on the span and rethrown; a 5xx answer marks the span as an error.
 * @public Reached through the module object of a dynamic import, which knip does not follow.
 */
export function traceRequests<H extends FetchHandler>(handler: H): H {
  const tracer = trace.getTracer('podium-server');
  const traced = async (request: Request, ...rest: never[]) => {
    const url = new URL(request.url);
    const carrier: Record<string, string> = {};
    request.headers.forEach((value, key) => (carrier[key] = value));
    const parent = propagation.extract(context.active(), carrier);
    return tracer.startActiveSpan(
      requestSpanName(request.method, url.pathname),
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.path': url.pathname, 'url.scheme': url.protocol.replace(':', '') },
      },
      parent,
      async (span) => {
        try {
          const response = await handler(request, ...rest);
          span.setAttribute('http.response.status_code', response.status);
          if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${response.status}` });
          return response;
        } catch (error) {
          // Described, never the error itself: a failed statement's message and stack carry its parameters.
          const described = describeError(error);
          const summary = described.message ?? [described.code, described.class, described.statement].filter(Boolean).join(' ');
          span.recordException({ name: described.error, message: summary });
          span.setStatus({ code: SpanStatusCode.ERROR, message: summary });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
  return traced as H;
}
