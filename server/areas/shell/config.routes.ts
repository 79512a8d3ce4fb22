/**
 * `GET /config.json`: the runtime config of ARCHITECTURE §1, built from the server environment (PUBLIC_*) and, for
 * the internal e-mail domains, from the settings of the organization of `ORGANIZATION_KEY` (operators change them
 * in the console), validated with the shared `RuntimeConfigSchema`. Never cached for long: a redeploy or an
 * operator may change it.
 */
import { RuntimeConfigSchema, type RuntimeConfig } from '../../../src/contracts/config';
import type { Env } from '../../env';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { internalEmailDomains } from './shell.service';

/**
 * The runtime config for `env`.
 * @param internalEmailDomains the organization's internal e-mail domains (its settings; [] where they do not matter)
 */
export function runtimeConfig(env: Env, internalEmailDomains: readonly string[] = []): RuntimeConfig {
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
    internalEmailDomains,
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

/** `GET /config.json`. */
const configRoute = declareRoute({
  method: 'get',
  path: '/config.json',
  summary: 'The runtime config the PWA reads at boot',
  tags: ['config'],
  auth: 'none',
  response: RuntimeConfigSchema,
});

/** The `/config.json` route; one small read of the organization's settings per request (the app reads it once at start). */
export function configRoutes(deps: AppDeps) {
  return routeGroup().openapi(configRoute, async (c) => {
    const domains = await internalEmailDomains(deps);
    c.header('Cache-Control', 'no-cache');
    return c.json(runtimeConfig(deps.env, domains));
  });
}
