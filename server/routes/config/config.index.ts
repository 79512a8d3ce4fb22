/**
 * `GET /config.json`: the runtime config of ARCHITECTURE §1, built from the server environment (PUBLIC_*),
 * validated with the shared `RuntimeConfigSchema`. Never cached for long: a redeploy may change it.
 */
import { Hono } from 'hono';
import { RuntimeConfigSchema, type RuntimeConfig } from '../../../src/contracts/config';
import type { Env } from '../../env';
import type { AppDeps, AppEnv } from '../../lib/types';

/** The runtime config for `env`. */
export function runtimeConfig(env: Env): RuntimeConfig {
  return RuntimeConfigSchema.parse({
    apiOrigin: env.PUBLIC_API_ORIGIN,
    organizationKey: env.ORGANIZATION_KEY,
    auth: {
      mode: env.PUBLIC_AUTH_MODE,
      supabaseUrl: env.PUBLIC_SUPABASE_URL,
      supabaseAnonKey: env.PUBLIC_SUPABASE_ANON_KEY,
    },
    loggedOffDashboard: env.PUBLIC_LOGGED_OFF_DASHBOARD,
    tabsEnabled: env.PUBLIC_TABS_ENABLED,
    cdnBase: env.PUBLIC_CDN_BASE,
    reconnectJitterMs: env.PUBLIC_RECONNECT_JITTER_MS,
    excludedChallengeIds: env.PUBLIC_EXCLUDED_CHALLENGE_IDS,
    internalEmailDomains: env.PUBLIC_INTERNAL_EMAIL_DOMAINS,
    analytics: { key: env.PUBLIC_ANALYTICS_KEY, host: env.PUBLIC_ANALYTICS_HOST },
    telemetry: {
      endpoint: env.PUBLIC_TELEMETRY_ENDPOINT,
      serviceName: env.PUBLIC_TELEMETRY_SERVICE_NAME,
      environment: env.PUBLIC_TELEMETRY_ENVIRONMENT,
      version: '1.0.0',
    },
    version: env.PODIUM_VERSION,
  });
}

export function configRoutes(deps: AppDeps) {
  const config = runtimeConfig(deps.env);
  return new Hono<AppEnv>().get('/config.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(config);
  });
}
