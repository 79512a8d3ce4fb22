/** The runtime config of the unit tests (local auth, no analytics or telemetry), with `overrides` applied. */
import type { RuntimeConfig } from '../../src/contracts/config';

export function testRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    apiOrigin: '/api',
    organizationKey: 'pk_test_org',
    auth: { mode: 'local', supabaseUrl: null, supabaseAnonKey: null },
    loggedOffDashboard: false,
    tabsEnabled: true,
    cdnBase: '/cdn',
    excludedChallengeIds: [],
    internalEmailDomains: [],
    analytics: { key: null, host: null },
    telemetry: { endpoint: null, serviceName: 'podium', environment: 'test', version: '1.0.0' },
    version: 'test',
    ...overrides,
  };
}
