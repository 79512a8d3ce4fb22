/**
 * `POST /api/csp-report`: browsers report Content-Security-Policy violations here, both as the
 * legacy `report-uri` body (`application/csp-report`, `{"csp-report": {...}}`) and as Reporting API batches
 * (`application/reports+json`, `[{type: 'csp-violation', body: {...}}]`). Each violation becomes one `warn` log
 * line with the directive and the blocked and page URLs cut to origin and path (no query string: it may hold a
 * token). No credential is needed (browsers send none); the body is capped at 64 KB; answers 204 whatever arrives.
 */
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requestBodyLimit } from '../../lib/middlewares/body-limit';

/** Largest accepted report body, in bytes. */
const MAX_REPORT_BYTES = 64 * 1024;
/** Violations logged per request at most (a batch may hold many). */
const MAX_LOGGED = 20;

type Violation = { directive: string; blocked: string; page: string };

/** A URL without its query and fragment (or the keyword, e.g. `inline`, `eval`), at most 200 characters. */
function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = URL.canParse(value) ? ((u) => `${u.origin}${u.pathname}`)(new URL(value)) : value.split(/[?#]/)[0];
  return text.slice(0, 200);
}

/** The violations in a report body of either format; unknown shapes give none. */
function violationsOf(body: unknown): Violation[] {
  const pick = (r: Record<string, unknown>): Violation => ({
    directive: String(r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive'] ?? '').slice(0, 100),
    blocked: safeUrl(r['blocked-uri'] ?? r.blockedURL),
    page: safeUrl(r['document-uri'] ?? r.documentURL),
  });
  if (Array.isArray(body)) {
    return body
      .filter(
        (r): r is { type: string; body: Record<string, unknown> } =>
          r?.type === 'csp-violation' && typeof r.body === 'object' && r.body !== null,
      )
      .map((r) => pick(r.body));
  }
  const legacy = (body as { 'csp-report'?: unknown } | null)?.['csp-report'];
  return typeof legacy === 'object' && legacy !== null ? [pick(legacy as Record<string, unknown>)] : [];
}

/** `POST /csp-report`. */
const reportRoute = declareRoute({
  method: 'post',
  path: '/',
  summary: 'Takes Content-Security-Policy violation reports from browsers (logged, never stored)',
  tags: ['csp-report'],
  auth: 'none',
  body: { mediaTypes: ['application/csp-report', 'application/reports+json'], maxBytes: MAX_REPORT_BYTES },
  response: null,
  status: 204,
  middleware: [requestBodyLimit({ maxSize: MAX_REPORT_BYTES, onError: (c) => c.body(null, 413) })],
});
export function cspReportRoutes(deps: AppDeps) {
  return routeGroup().openapi(reportRoute, async (c) => {
    // A raw body, which the declaration leaves unread: any report shape is taken, unknown ones give no violation.
    let body: unknown = null;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      body = null;
    }
    for (const violation of violationsOf(body).slice(0, MAX_LOGGED)) deps.logger.warn('csp violation', violation);
    return c.body(null, 204);
  });
}
