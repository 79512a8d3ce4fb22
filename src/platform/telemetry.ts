/**
 * Browser telemetry with OpenTelemetry (spec §7, §9; decision 0032). Off when `config.telemetry.endpoint`
 * is null. The SDK (`./telemetry-sdk`) is loaded with `import()` after the first render, once the first data loads
 * settled, so none of it is in the first-load JavaScript: it traces the page load (document-load instrumentation, from the navigation timing) and
 * every later `fetch`, exports over OTLP/HTTP (JSON) to `{endpoint}/v1/traces` with the resource attributes
 * `service.name`, `service.version` (1.0.0) and `deployment.environment` (default `production`), and records
 * unhandled errors and failed API calls on spans.
 */
import type { RuntimeConfig } from '../contracts/config';
import { afterAppSettled, type SettlingClient } from './after-first-render';

let started = false;

/**
 * Starts telemetry for this page (once), loading the SDK once the first screen has settled. Takes the runtime config
 * and the query client; does nothing without a telemetry endpoint. Returns nothing; a failure to load the SDK is
 * logged and the app carries on.
 */
export function startTelemetry(config: RuntimeConfig, queryClient: SettlingClient): void {
  const endpoint = config.telemetry.endpoint;
  if (!endpoint || started) return;
  started = true;
  afterAppSettled(queryClient, async () => {
    const { startWebTelemetry } = await import('./telemetry-sdk');
    startWebTelemetry({
      endpoint,
      serviceName: config.telemetry.serviceName,
      serviceVersion: config.telemetry.version || '1.0.0',
      environment: config.telemetry.environment || 'production',
      apiOrigin: config.apiOrigin,
      ignoreUrls: [config.analytics.host, config.auth.supabaseUrl].filter((u): u is string => Boolean(u)),
    });
  });
}
