/**
 * `npm run bench:bundle`: the JavaScript a browser loads on a cold load (empty cache, service worker blocked) of
 * `/login` for a first visit and of `/dashboard` for a signed-in member. "Usable" = the sign-in page's e-mail field
 * and button, the dashboard's heading and its check-in button, are on screen; scripts the page had requested by then count (Resource Timing), scripts requested later
 * (idle-time loads: toasts, offline queue wiring, service worker, content preloads, analytics) are listed apart.
 * Sizes are the gzip (level 9) size of each body, in KiB, as the server sends its precompressed `.gz`.
 * The targets (decision 0083, after 0035) are on everything a cold load receives until the network is idle (first load
 * plus deferred scripts) in the default deployment: at most 150 KiB gzip for `/dashboard` and 110 KiB for `/login`,
 * each printed with PASS or FAIL. Deployments that configure analytics, telemetry or
 * Supabase load those libraries on top, after the first screen; they are printed for information.
 * Needs `npm run build` and Chromium.
 * Env: BENCH_PORT (first of three ports, default 3210), STATIC_DIR (build to serve), plus any server env (e.g. PUBLIC_ANALYTICS_KEY) to measure a configuration.
 */
import { chromium } from '@playwright/test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apiHeaders, startServer, signInFan, type RunningServer } from './lib/server';

/** First port of the servers this benchmark starts (`BENCH_PORT`, default 3210; it uses three in a row). */
const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3210);

/** First-load target of the default deployment for `/dashboard`, KiB gzip, until network idle. */
export const BUDGET_KIB = 150;

/** First-load target for `/login` (a first visit, signed out), KiB gzip, until network idle. */
export const LOGIN_BUDGET_KIB = 110;

/** A page to load cold: its path, and the condition (JavaScript, run in the page) that it is usable. */
export interface BenchPage {
  path: string;
  usable: string;
}

/** The dashboard is usable once its heading and its check-in button show. */
export const DASHBOARD_PAGE: BenchPage = {
  path: '/dashboard',
  usable: `document.querySelector('main h1') && [...document.querySelectorAll('main button')].some((b) => /check in/i.test(b.textContent || ''))`,
};

/** The sign-in page is usable once its e-mail field and its submit button show. */
export const LOGIN_PAGE: BenchPage = {
  path: '/login',
  usable: `document.querySelector('main input[type=email]') && document.querySelector('main button[type=submit]')`,
};

export interface ScriptSize {
  path: string;
  /** gzip level 9 of the body (the server's `.gz`), KiB. */
  gzipKiB: number;
  /** brotli quality 11 of the body (the server's `.br`, what Chromium is sent), KiB. */
  brotliKiB: number;
}

export interface DashboardJs {
  /** Scripts requested before the dashboard was usable, largest first. */
  critical: ScriptSize[];
  /** Scripts requested after that, until the network was idle. */
  deferred: ScriptSize[];
  criticalKiB: number;
  /** Same scripts, brotli (as sent to Chromium), KiB. */
  criticalBrotliKiB: number;
  deferredKiB: number;
  /** Time from navigation start to usable, in ms. */
  usableMs: number;
}

const sum = (list: ScriptSize[]) => list.reduce((s, c) => s + c.gzipKiB, 0);

/** Signs a member in on `server` and returns the localStorage entries of their session (default: local mode). */
export type BenchSignIn = (server: RunningServer) => Promise<Record<string, string>>;

/** No sign-in: a first visit. */
const signedOut: BenchSignIn = async () => ({});

const localSignIn: BenchSignIn = async (server) => ({
  'podium.session.token': await signInFan(server, `bench-${Date.now()}@fans.example`),
});

/**
 * Starts a server (extra env allowed), signs a fan in (`signIn`, local mode by default), loads `target` (default
 * /dashboard) cold and splits its scripts.
 */
export async function measureDashboardJs(
  serverEnv: Record<string, string> = {},
  port = BENCH_PORT,
  signIn: BenchSignIn = localSignIn,
  target: BenchPage = DASHBOARD_PAGE,
): Promise<DashboardJs> {
  // A busy shared machine can take more than a minute to start a server on a fresh embedded database.
  const server = await startServer(port, serverEnv, { startTimeoutMs: 180_000 });
  try {
    const storage = await signIn(server);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      const page = await context.newPage();
      const bodies = new Map<string, Promise<{ gzipKiB: number; brotliKiB: number }>>();
      page.on('response', (res) => {
        const path = new URL(res.url()).pathname;
        if (!path.endsWith('.js') && !path.endsWith('.mjs')) return;
        bodies.set(
          path,
          res
            .body()
            .then((b) => ({
              gzipKiB: gzipSync(b, { level: 9 }).length / 1024,
              brotliKiB: brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024,
            }))
            .catch(() => ({ gzipKiB: 0, brotliKiB: 0 })),
        );
      });
      // The moment of "usable" is taken inside the page, on the frame where the check-in button first shows,
      // so idle-time loads that start right after are not counted as first-load.
      // (A string, not a function: tsx would wrap named functions in a helper the page does not have.)
      await context.addInitScript(`(() => {
        const check = () => {
          if (${target.usable}) {
            window.__usable = {
              at: performance.now(),
              names: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
            };
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`);
      await page.goto(`${server.baseUrl}${target.path}`);
      const usableHandle = await page.waitForFunction(() => (window as unknown as { __usable?: unknown }).__usable, null, {
        timeout: 30_000,
      });
      const usable = (await usableHandle.jsonValue()) as { at: number; names: string[] };
      const atUsable = { names: usable.names, usableMs: usable.at };
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2500); // idle-time loads (afterFirstRender) have a 2 s ceiling
      await page.waitForLoadState('networkidle');
      const criticalPaths = new Set(atUsable.names.filter((p) => bodies.has(p)));
      const critical: ScriptSize[] = [];
      const deferred: ScriptSize[] = [];
      for (const [path, size] of bodies) (criticalPaths.has(path) ? critical : deferred).push({ path, ...(await size) });
      critical.sort((a, b) => b.gzipKiB - a.gzipKiB);
      deferred.sort((a, b) => b.gzipKiB - a.gzipKiB);
      return {
        critical,
        deferred,
        criticalKiB: sum(critical),
        criticalBrotliKiB: critical.reduce((s, c) => s + c.brotliKiB, 0),
        deferredKiB: sum(deferred),
        usableMs: atUsable.usableMs,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/**
 * Prints one measurement; `budgeted` says whether the target applies to this configuration; `page` names the page
 * and `budgetKiB` is its target (default: /dashboard's).
 */
export function printDashboardJs(
  label: string,
  m: DashboardJs,
  budgeted: boolean,
  verbose = true,
  page = '/dashboard',
  budgetKiB = BUDGET_KIB,
): void {
  if (verbose) {
    for (const c of m.critical) console.log(`${c.gzipKiB.toFixed(1).padStart(7)} KiB  ${c.path}`);
    if (m.deferred.length) console.log('  deferred (requested after the dashboard was usable):');
    for (const c of m.deferred) console.log(`${c.gzipKiB.toFixed(1).padStart(7)} KiB  ${c.path} (deferred)`);
  }
  const total = m.criticalKiB + m.deferredKiB;
  const verdict = budgeted ? ` (target ${budgetKiB} KiB: ${total <= budgetKiB ? 'PASS' : 'FAIL'})` : '';
  console.log(
    `${label}: JavaScript until network idle for ${page} ${total.toFixed(1)} KiB gzip${verdict}: ` +
      `${m.criticalKiB.toFixed(1)} KiB before usable (${m.criticalBrotliKiB.toFixed(1)} KiB as brotli), ` +
      `${m.deferredKiB.toFixed(1)} KiB deferred, usable after ${Math.round(m.usableMs)} ms`,
  );
}

/**
 * Supabase mode sign-in for the benchmark: code sent and verified at the Supabase Auth stand-in, onboarding
 * with the access token, and the session stored as supabase-js stores it.
 */
function supabaseSignIn(standInUrl: string): BenchSignIn {
  return async (server) => {
    const email = `bench-${Date.now()}@fans.example`;
    const json = { 'content-type': 'application/json' };
    await fetch(`${standInUrl}/auth/v1/otp`, { method: 'POST', headers: json, body: JSON.stringify({ email }) });
    const { code } = await (await fetch(`${standInUrl}/__stand-in/codes/${encodeURIComponent(email)}`)).json();
    const session = await (
      await fetch(`${standInUrl}/auth/v1/verify`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ type: 'email', email, token: code }),
      })
    ).json();
    const res = await fetch(`${server.baseUrl}/api/user/me`, {
      method: 'PATCH',
      headers: { ...(await apiHeaders(server, session.access_token)), 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ username: `bench${Date.now() % 100000}`, firstName: 'Bench' }),
    });
    if (!res.ok) throw new Error(`supabase bench sign-in: PATCH /user/me ${res.status}`);
    return { 'podium.supabase.auth': JSON.stringify(session), 'podium.session.token': session.access_token };
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printDashboardJs(
    'first visit, no analytics',
    await measureDashboardJs({}, BENCH_PORT, signedOut, LOGIN_PAGE),
    true,
    true,
    '/login',
    LOGIN_BUDGET_KIB,
  );
  printDashboardJs('local auth, no analytics', await measureDashboardJs(), true);
  // Analytics and telemetry configured (against local stand-ins), in either auth mode.
  const { startPostHogCapture } = await import('../test/stand-ins/posthog-capture');
  const { startOtlpReceiver } = await import('../test/stand-ins/otlp-receiver');
  const { startSupabaseStandIn } = await import('../test/stand-ins/supabase-auth');
  const [posthog, otlp, supabase] = await Promise.all([
    startPostHogCapture(0),
    startOtlpReceiver(0),
    startSupabaseStandIn(0, { log: () => undefined }),
  ]);
  try {
    const integrations = {
      PUBLIC_ANALYTICS_KEY: 'phc_bench',
      PUBLIC_ANALYTICS_HOST: posthog.url,
      PUBLIC_TELEMETRY_ENDPOINT: otlp.url,
    };
    printDashboardJs('local auth, analytics + telemetry', await measureDashboardJs(integrations, BENCH_PORT + 1), false);
    printDashboardJs(
      'supabase auth, analytics + telemetry',
      await measureDashboardJs(
        { ...integrations, PUBLIC_AUTH_MODE: 'supabase', PUBLIC_SUPABASE_URL: supabase.url, PUBLIC_SUPABASE_ANON_KEY: 'bench-anon-key' },
        BENCH_PORT + 2,
        supabaseSignIn(supabase.url),
      ),
      false,
    );
  } finally {
    await Promise.all([posthog.stop(), otlp.stop(), supabase.stop()]);
  }
}
