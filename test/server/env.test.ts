import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/env';

describe('server environment', () => {
  it('has working defaults for a fresh machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_URL: null,
      PODIUM_DATA_DIR: './data',
      ORGANIZATION_KEY: 'pk_demo_alpine_racing',
      SMTP_URL: null,
      STATIC_DIR: './dist',
      PUBLIC_API_ORIGIN: '/api',
      PUBLIC_AUTH_MODE: 'local',
      PUBLIC_LOGGED_OFF_DASHBOARD: false,
      PUBLIC_TABS_ENABLED: true,
      PUBLIC_CDN_BASE: '/cdn',
      PUBLIC_EXCLUDED_CHALLENGE_IDS: [],
      PUBLIC_INTERNAL_EMAIL_DOMAINS: ['alpine-racing.example', 'podium.example'],
      PUBLIC_TELEMETRY_SERVICE_NAME: 'podium-web',
      PUBLIC_TELEMETRY_ENVIRONMENT: 'production',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({ DATABASE_URL: null, SMTP_URL: null });
  });

  it('refuses invalid values with a message naming each variable', () => {
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', PUBLIC_TABS_ENABLED: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('PUBLIC_TABS_ENABLED');
    }
  });

  it('supabase mode needs its URL and anon key', () => {
    expect(() => loadEnv({ PUBLIC_AUTH_MODE: 'supabase' })).toThrow(/PUBLIC_SUPABASE_URL/);
  });
});
