/**
 * The OpenTelemetry web SDK setup, loaded on demand by `./telemetry.ts` (never imported statically: it would put the
 * SDK in the first-load JavaScript). Decision 0032.
 */
import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { DocumentLoadInstrumentation } from '@opentelemetry/instrumentation-document-load';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { WebTracerProvider } from '@opentelemetry/sdk-trace-web';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

/** Resource attribute of the deployment environment (semantic conventions 1.x name, as collectors expect it). */
const ATTR_DEPLOYMENT_ENVIRONMENT = 'deployment.environment';

/** What the web SDK needs from the runtime config. */
interface WebTelemetryOptions {
  /** Collector base URL; spans go to `{endpoint}/v1/traces`. */
  endpoint: string;
  serviceName: string;
  serviceVersion: string;
  environment: string;
  /** API prefix (`/api`): fetches under it are API calls, whose failures are recorded as errors. */
  apiOrigin: string;
  /** Other hosts whose requests are not traced (analytics, Supabase). */
  ignoreUrls: string[];
}

/** `{endpoint}/v1/traces`, whatever the trailing slashes (pure). */
function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

function isApiUrl(url: string, apiOrigin: string): boolean {
  try {
    const target = new URL(url, window.location.href);
    const api = new URL(apiOrigin, window.location.href);
    return target.origin === api.origin && target.pathname.startsWith(api.pathname);
  } catch {
    return false;
  }
}

function errorOf(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(typeof reason === 'string' ? reason : JSON.stringify(reason));
}

/**
 * Registers the tracer provider, the exporter and the instrumentations, and listens for unhandled errors.
 * Takes the options; returns the provider (its `shutdown()` flushes and stops).
 */
export function startWebTelemetry(options: WebTelemetryOptions): WebTracerProvider {
  const url = tracesUrl(options.endpoint);
  const provider = new WebTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      [ATTR_SERVICE_VERSION]: options.serviceVersion,
      [ATTR_DEPLOYMENT_ENVIRONMENT]: options.environment,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }), { scheduledDelayMillis: 2000 })],
  });
  provider.register();

  const ignored = [url, ...options.ignoreUrls].map((u) => new RegExp(`^${u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new DocumentLoadInstrumentation(),
      new FetchInstrumentation({
        ignoreUrls: ignored,
        applyCustomAttributesOnSpan: (span: Span, request, result) => {
          const target = typeof request === 'object' && request && 'url' in request ? String((request as Request).url) : '';
          const url = target || ('url' in result && typeof result.url === 'string' ? result.url : '');
          const api = isApiUrl(url, options.apiOrigin);
          span.setAttribute('podium.api_call', api);
          if (result instanceof Error) {
            span.recordException(result);
            span.setStatus({ code: SpanStatusCode.ERROR, message: result.message });
          } else if ('status' in result && typeof result.status === 'number' && result.status >= 400) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${result.status}` });
            if (api) span.addEvent('api.failure', { 'http.response.status_code': result.status });
          }
        },
      }),
    ],
  });

  const tracer = trace.getTracer('podium-web', options.serviceVersion);
  const recordUnhandled = (kind: string, reason: unknown) => {
    const span = tracer.startSpan('unhandled error', { attributes: { 'error.kind': kind, 'url.path': window.location.pathname } });
    span.recordException(errorOf(reason));
    span.setStatus({ code: SpanStatusCode.ERROR, message: errorOf(reason).message });
    span.end();
  };
  window.addEventListener('error', (event) => recordUnhandled('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => recordUnhandled('unhandledrejection', event.reason));
  // Spans of the last seconds go out when the tab is hidden or closed.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void provider.forceFlush();
  });
  return provider;
}
