/**
 * Response headers that protect members (decision 0042):
 * - `contentSecurityPolicy(config, html)`: the Content-Security-Policy of the HTML shell. Scripts only from this
 *   origin plus a `sha256-` hash per inline script of that very HTML (hashes, not nonces, because the service
 *   worker precaches the shell and serves it again unchanged); `connect-src`/`script-src`/`img-src` add the
 *   analytics, telemetry, Supabase, API and CDN origins of the runtime config only when they are configured;
 *   `frame-ancestors 'none'`; violations are reported to `CSP_REPORT_PATH`.
 * - `securityHeaders(env)`: on every answer, `Permissions-Policy` and the usual hardening headers; HSTS only when
 *   the request came over HTTPS, directly or through a trusted proxy that says so in `X-Forwarded-Proto`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '../../../src/contracts/config';
import { DEFAULT_ANALYTICS_HOST } from '../../../src/contracts/constants';
import type { Env, TrustProxy } from '../../env';
import { fromTrustedProxy } from '../client-ip';

/** Where browsers send Content-Security-Policy violation reports (`report-uri` and the `csp` reporting endpoint). */
const CSP_REPORT_PATH = '/api/csp-report';

/**
 * Browser features the app never uses, switched off for the page and anything it embeds. Sharing
 * (`navigator.share`, clipboard) and fullscreen video keep their defaults (this origin). The camera is allowed to
 * this origin only, for scanning the venue code; embedded frames never get it.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** `Strict-Transport-Security` sent over HTTPS: one year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The origin (`scheme://host[:port]`) of an absolute http(s) URL, or null for a relative or other URL. */
function originOf(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
}

/**
 * PostHog's script host for an API host: `https://eu.i.posthog.com` loads its extensions from
 * `https://eu-assets.i.posthog.com`; a self-hosted or proxied host serves them itself.
 */
function analyticsAssetsOrigin(apiOrigin: string): string | null {
  const match = /^https:\/\/(us|eu)\.i\.posthog\.com$/.exec(apiOrigin);
  return match ? `https://${match[1]}-assets.i.posthog.com` : null;
}

/**
 * `'sha256-…'` sources for every inline `<script>` (no `src`) of an HTML document. Takes the HTML text; returns
 * the CSP hash sources in document order (empty when the page has no inline script).
 */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1])) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the HTML shell.
 * Takes the runtime config served at `/config.json` (what the page will talk to) and the HTML it protects (for the
 * hashes of its inline scripts); returns the header value. Pure.
 */
function contentSecurityPolicy(config: RuntimeConfig, html: string): string {
  const analytics = config.analytics.key ? originOf(config.analytics.host ?? DEFAULT_ANALYTICS_HOST) : null;
  const analyticsAssets = analytics ? analyticsAssetsOrigin(analytics) : null;
  const telemetry = originOf(config.telemetry.endpoint);
  const supabase = config.auth.mode === 'supabase' ? originOf(config.auth.supabaseUrl) : null;
  const api = originOf(config.apiOrigin);
  const cdn = originOf(config.cdnBase);
  const list = (...sources: (string | null)[]) => [...new Set(sources.filter((s): s is string => Boolean(s)))].join(' ');

  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': list("'self'", ...inlineScriptHashes(html), analytics, analyticsAssets),
    // Inline styles stay allowed: the splash in index.html and the toasts' injected stylesheet; React's style props
    // go through the CSSOM. Scripts are what matters for injection.
    'style-src': "'self' 'unsafe-inline'",
    'img-src': list("'self'", 'data:', 'blob:', api, cdn, analytics),
    'media-src': list("'self'", 'blob:', api, cdn),
    'font-src': "'self' data:",
    // blob: URLs are objects the page made itself (the avatar preview of a picked file), read back through fetch.
    'connect-src': list("'self'", 'blob:', api, cdn, supabase, analytics, analyticsAssets, telemetry),
    'worker-src': "'self'",
    'manifest-src': "'self'",
    'frame-src': "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
    'report-uri': CSP_REPORT_PATH,
    'report-to': 'csp',
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/**
 * Headers of an HTML shell answer: the CSP for `html` and the reporting endpoint it names. Takes the runtime config
 * and the HTML; returns a header record.
 */
export function shellHeaders(config: RuntimeConfig, html: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, html),
    'Reporting-Endpoints': `csp="${CSP_REPORT_PATH}"`,
  };
}

/**
 * Whether the request reached us over HTTPS: the URL's scheme, or, when the socket peer is a proxy declared in
 * `TRUST_PROXY`, its `X-Forwarded-Proto` (the last value: the one our nearest proxy wrote). A client talking to us
 * directly cannot claim HTTPS with that header.
 */
function requestIsHttps(c: Context, trust: TrustProxy): boolean {
  if (c.req.url.startsWith('https:')) return true;
  if (!fromTrustedProxy(c, trust)) return false;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
  return forwarded === 'https';
}

/**
 * Middleware for every answer: Hono's hardening headers (nosniff, frame denial, referrer policy, ...) without its
 * unconditional HSTS, plus `Permissions-Policy`, and HSTS only over HTTPS (an HSTS header over plain HTTP is ignored
 * by browsers at best and, on a LAN demo reached by IP, pins nothing useful). Takes the server env.
 */
export function securityHeaders(env: Pick<Env, 'TRUST_PROXY'>): MiddlewareHandler {
  const hardening = secureHeaders({
    crossOriginResourcePolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
  });
  return async (c, next) => {
    await hardening(c, next);
    // Set on the finished response's headers, as Hono's own hardening does: `c.header` after `next()` would turn
    // the answer's body into a stream (see authenticate.ts).
    c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (requestIsHttps(c, env.TRUST_PROXY)) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}
