/**
 * Playwright configuration of the integrations only some deployments turn on (Supabase auth, PostHog analytics,
 * OpenTelemetry traces, the logged-off dashboard): the real server started with the env of each mode, next to local
 * stand-ins of the hosted services (test/stand-ins): Supabase Auth, a PostHog capture endpoint and an OTLP/HTTP
 * receiver, so no test depends on a third party's availability. Specs: test/e2e/{supabase,analytics,telemetry,logged-off}*.spec.ts (the main config ignores
 * them). Run: `npx playwright test -c playwright.integrations.config.ts` after `npm run build`.
 *
 * Servers (fresh in-memory PGlite each; logs in .tmp/, where the local sign-in codes are read):
 * - "hosted" (HOSTED_URL): supabase auth mode against the stand-in, analytics and browser telemetry configured,
 *   server traces on (OTEL_EXPORTER_OTLP_ENDPOINT);
 * - "logged-off" (LOGGED_OFF_URL): local auth mode, logged-off dashboard on, no analytics key, no telemetry.
 */
import { defineConfig } from '@playwright/test';
import { chromiumArgs, E2E_SERVER_NODE_ARGS, FULL_CHROMIUM } from './playwright.config';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const SUPABASE_STAND_IN_URL = `http://127.0.0.1:${port('E2E_SUPABASE_PORT', 3121)}`;
export const POSTHOG_STAND_IN_URL = `http://127.0.0.1:${port('E2E_POSTHOG_PORT', 3122)}`;
export const OTLP_STAND_IN_URL = `http://127.0.0.1:${port('E2E_OTLP_PORT', 3123)}`;
export const HOSTED_URL = `http://127.0.0.1:${port('E2E_HOSTED_PORT', 3124)}`;
export const LOGGED_OFF_URL = `http://127.0.0.1:${port('E2E_LOGGED_OFF_PORT', 3125)}`;
export const HOSTED_SERVER_LOG = '.tmp/e2e-hosted-server.log';
export const LOGGED_OFF_SERVER_LOG = '.tmp/e2e-logged-off-server.log';
/** PostHog project key the hosted server hands to the client. */
export const ANALYTICS_KEY = 'phc_podium_e2e';
/** `service.name` of the browser traces. */
export const WEB_SERVICE_NAME = 'podium-web-e2e';

const portOf = (url: string) => new URL(url).port;
const server = (url: string, log: string, env: Record<string, string>) => ({
  command: `mkdir -p .tmp && exec node ${E2E_SERVER_NODE_ARGS.join(' ')} > ${log} 2>&1`,
  url: `${url}/config.json`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: { PORT: portOf(url), HOST: '127.0.0.1', PODIUM_DATA_DIR: 'memory://', STATIC_DIR: process.env.STATIC_DIR ?? 'dist', ...env },
});
const standIn = (file: string, url: string, readyPath: string) => ({
  command: `exec npx tsx test/stand-ins/${file} ${portOf(url)}`,
  url: `${url}${readyPath}`,
  reuseExistingServer: false,
  timeout: 60_000,
});

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: /(supabase|analytics|telemetry|logged-off).*\.spec\.ts$/,
  outputDir: 'test-results/e2e-integrations',
  fullyParallel: false,
  // One worker: the stand-ins record every request, and tests read "what arrived since I started".
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: HOSTED_URL,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    // A trace of the retry of a failed test (CI retries once): recording one for every test cost the run time.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    // posthog-js drops events from "HeadlessChrome" as a bot; the fans' browsers say "Chrome"...
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
    // ...and drops events when navigator.webdriver is true, which automation sets: a fan's browser has it false.
    launchOptions: {
      executablePath: FULL_CHROMIUM,
      args: [...chromiumArgs, '--disable-blink-features=AutomationControlled'],
    },
  },
  projects: [{ name: 'integrations', use: { browserName: 'chromium' } }],
  webServer: [
    standIn('supabase-auth.ts', SUPABASE_STAND_IN_URL, '/auth/v1/.well-known/jwks.json'),
    standIn('posthog-capture.ts', POSTHOG_STAND_IN_URL, '/__stand-in/events'),
    standIn('otlp-receiver.ts', OTLP_STAND_IN_URL, '/__stand-in/spans'),
    server(HOSTED_URL, HOSTED_SERVER_LOG, {
      PUBLIC_AUTH_MODE: 'supabase',
      PUBLIC_SUPABASE_URL: SUPABASE_STAND_IN_URL,
      PUBLIC_SUPABASE_ANON_KEY: 'stand-in-anon-key',
      PUBLIC_ANALYTICS_KEY: ANALYTICS_KEY,
      PUBLIC_ANALYTICS_HOST: POSTHOG_STAND_IN_URL,
      PUBLIC_TELEMETRY_ENDPOINT: OTLP_STAND_IN_URL,
      PUBLIC_TELEMETRY_SERVICE_NAME: WEB_SERVICE_NAME,
      OTEL_EXPORTER_OTLP_ENDPOINT: OTLP_STAND_IN_URL,
      OTEL_SERVICE_NAME: 'podium-api-e2e',
    }),
    server(LOGGED_OFF_URL, LOGGED_OFF_SERVER_LOG, { PUBLIC_LOGGED_OFF_DASHBOARD: 'true' }),
  ],
});
