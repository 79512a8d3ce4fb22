/**
 * Playwright end-to-end configuration: Debian's Chromium, never a downloaded browser (its headless shell,
 * `/usr/bin/chromium-headless-shell`, as Playwright's own default for headless runs; decision 0095) against the real
 * server started as README command (1) does (`npm run serve`: the built server on the built PWA; run `npm run build`
 * first), on a fresh in-memory PGlite database. The server's output goes to `.tmp/e2e-server.log`, where the
 * sign-in codes are read (`[mail] sign-in code for <email>: <code>`).
 */
import { defineConfig } from '@playwright/test';
import { COMPILED_SERVER } from './scripts/lib/server';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The node arguments of every end-to-end server, the config's and the specs' own (`extra-server.ts`): the compiled
 * server, as `npm run serve` runs it. Compiling the sources at each start instead cost every server seconds of CPU.
 */
export const E2E_SERVER_NODE_ARGS = ['--enable-source-maps', COMPILED_SERVER];
/**
 * The server's cooldown between two codes for one mailbox, in seconds (env `SIGNIN_EMAIL_COOLDOWN_SECONDS`): a member
 * asks for a second code within a test (a suspended member signing in again, a code used up); the 30 s default would
 * only make the run wait (test/server/session.test.ts covers the cooldown).
 */
export const E2E_SIGNIN_COOLDOWN_SECONDS = 2;
/** Per port, so two e2e runs side by side never read each other's sign-in codes. */
export const E2E_SERVER_LOG = `.tmp/e2e-server-${E2E_PORT}.log`;

/**
 * The browser of the end-to-end runs: Debian's build of Chromium's headless shell (`CHROMIUM_PATH` to override),
 * the same engine as `/usr/bin/chromium` without the browser's own windows, which cost a fifth of a run (decision 0095).
 */
export const E2E_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/**
 * Debian's full Chromium, for the specs that need the browser itself rather than the engine: its installability
 * check (the "Install" offer of Chrome on Android) runs only there.
 */
export const FULL_CHROMIUM = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The hosted-integration specs: they need stand-ins and other server env, so playwright.integrations.config.ts runs them. */
const INTEGRATION_SPECS = /(supabase|analytics|telemetry|logged-off).*\.spec\.ts$/;
/**
 * The specs whose subject is the service worker (offline use, the queued actions, installing, updating, push, the
 * member card and rewards offline, the fan's journey): the "service-worker" project; the operator's console screens
 * and draws (`CONSOLE_SPECS`): the "console" project; every other spec is the "app" project. `scripts/test-all.sh` runs
 * them side by side, each in its own Playwright process with its own server (`E2E_PORT`, decisions 0097 and 0105),
 * "console" after the hosted integrations in their lane. A spec left out of these lists still runs, in "app".
 */
const SERVICE_WORKER_SPECS =
  /(^|\/)(fan-journey|first-visit|leagues|member-card|offline|offline-answers|offline-install|offline-media|offline-queue|optional-chunks|push|rewards|sign-out-waiting|stands-offline|update-flow|venue-checkin)\.spec\.ts$/;
/** The operator console's pages and the draw of winners: the "console" project (see `SERVICE_WORKER_SPECS`). */
const CONSOLE_SPECS = /(^|\/)(console|console-overview|draws)\.spec\.ts$/;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test/e2e',
  testIgnore: INTEGRATION_SPECS,
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  // One worker per process: the specs share the process's one server (its operator, its sign-in log, its sessions
  // file). Runs side by side are separate processes on separate ports, as npm test runs the two projects.
  workers: 1,
  // CI: one retry; a test that passes only on retry is reported as flaky in the summary (scripts/summarize-tests.mjs).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    // Only the specs about the worker (offline, install, update, push, the queued actions) let it install, with
    // `test.use({ serviceWorkers: 'allow' })`: installing it precaches the fan app in every new context, which cost
    // the rest a fifth of their time without being what they test (decision 0095).
    serviceWorkers: 'block',
    // A trace of the retry of a failed test (CI retries once): recording one for every test cost the run time.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Every context starts as a fan already offered push notifications, so the opt-in dialog (shown once after a
    // first check-in or challenge answer, decision 0060) does not cover other specs' screens; push.spec.ts starts
    // without it.
    storageState: { cookies: [], origins: [{ origin: E2E_BASE_URL, localStorage: [{ name: 'podium.push.prompted', value: 'e2e' }] }] },
    launchOptions: { executablePath: E2E_CHROMIUM, args: chromiumArgs },
  },
  projects: [
    { name: 'app', testIgnore: [INTEGRATION_SPECS, SERVICE_WORKER_SPECS, CONSOLE_SPECS], use: { browserName: 'chromium' } },
    { name: 'service-worker', testMatch: SERVICE_WORKER_SPECS, use: { browserName: 'chromium' } },
    { name: 'console', testMatch: CONSOLE_SPECS, use: { browserName: 'chromium' } },
  ],
  webServer: {
    command: `mkdir -p .tmp && exec node ${E2E_SERVER_NODE_ARGS.join(' ')} > ${E2E_SERVER_LOG} 2>&1`,
    url: `${E2E_BASE_URL}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PODIUM_DATA_DIR: 'memory://',
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
      // The run's one operator, for every spec that opens the console: the list gives the role at sign-in only while
      // the organization has no operator (decision 0072).
      OPERATOR_EMAILS: 'ops@alpine-racing.example',
      SIGNIN_EMAIL_COOLDOWN_SECONDS: String(E2E_SIGNIN_COOLDOWN_SECONDS),
      // The suite's one operator signs in far more often than a person would, several times within 15 minutes and
      // more than 20 times a day (test/server/sign-in-limits.test.ts covers both limits of a mailbox).
      SIGNIN_EMAIL_CODES_PER_15_MIN: '100',
      SIGNIN_EMAIL_CODES_PER_DAY: '1000',
      // test/e2e/push.spec.ts registers endpoints of the local push service stand-in (http on 127.0.0.1), which the
      // server refuses otherwise (decision 0069; test/server/push.test.ts proves the rule without this).
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
    },
  },
});
