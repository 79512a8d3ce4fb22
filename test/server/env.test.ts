import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { EnvError, loadEnv, startupWarnings } from '../../server/env';

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

describe('media storage (decision 0088)', () => {
  it('keeps media in a directory by default, so the quick start needs no bucket', () => {
    expect(loadEnv({})).toMatchObject({ MEDIA_STORAGE: 'file', S3_BUCKET: null, S3_FORCE_PATH_STYLE: false });
  });

  it('MEDIA_STORAGE=s3 needs a bucket and a region, and access keys come in pairs, each problem named', () => {
    const error = (() => {
      try {
        loadEnv({ MEDIA_STORAGE: 's3', AWS_ACCESS_KEY_ID: 'AKIA0000' });
      } catch (e) {
        return e as EnvError;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(error!.issues.map((i) => i.variable).sort()).toEqual(['AWS_ACCESS_KEY_ID', 'AWS_REGION', 'S3_BUCKET']);
    expect(() => loadEnv({ MEDIA_STORAGE: 'disk' })).toThrow(/MEDIA_STORAGE/);
  });

  it('an S3-compatible store is named by its endpoint URL, with path-style addressing where it needs it', () => {
    const env = loadEnv({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'club-media',
      S3_PREFIX: 'podium/media',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'auto',
      AWS_ENDPOINT_URL_S3: 'https://account.r2.cloudflarestorage.com',
    });
    expect(env).toMatchObject({ S3_BUCKET: 'club-media', S3_PREFIX: 'podium/media', S3_FORCE_PATH_STYLE: true, AWS_ACCESS_KEY_ID: null });
    expect(() => loadEnv({ AWS_ENDPOINT_URL_S3: 'not a url' })).toThrow(/AWS_ENDPOINT_URL_S3/);
  });
});

describe('production defaults (decision 0042)', () => {
  const ownSecrets = { AUTH_SECRET: 'a-real-production-secret-0042', ORGANIZATION_KEY: 'pk_live_real_club' };

  it('a production server refuses the development AUTH_SECRET, naming the variable', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', ORGANIZATION_KEY: 'pk_live_real_club' })).toThrow(
      /AUTH_SECRET: is the development value/,
    );
  });

  it('a production server refuses the demo ORGANIZATION_KEY, naming the variable', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', AUTH_SECRET: ownSecrets.AUTH_SECRET })).toThrow(/ORGANIZATION_KEY: is the demo key/);
  });

  it('PODIUM_DEMO=true lets a production build run on the demo values, with a loud warning', () => {
    const env = loadEnv({ NODE_ENV: 'production', PODIUM_DEMO: 'true' });
    expect(env.PODIUM_DEMO).toBe(true);
    expect(startupWarnings(env).join('\n')).toMatch(/PODIUM_DEMO=true/);
  });

  it('production with its own secret and key starts', () => {
    expect(loadEnv({ NODE_ENV: 'production', ...ownSecrets, SMTP_URL: 'smtp://mail.example:587' })).toMatchObject({
      NODE_ENV: 'production',
    });
    expect(startupWarnings(loadEnv({ NODE_ENV: 'production', ...ownSecrets, SMTP_URL: 'smtp://mail.example:587' }))).toEqual([]);
  });

  it('the demo quick start (no variable set) starts without a warning: development values are fine there', () => {
    const env = loadEnv({});
    expect(env.NODE_ENV).toBe('development');
    expect(startupWarnings(env)).toEqual([]);
  });

  it('npm start does not run the server with NODE_ENV=production, so the quick start needs no variable', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const serve = scripts.start.replace(/npm run (\w+)/g, (_, name: string) => scripts[name] ?? '');
    expect(serve).not.toMatch(/NODE_ENV=production[^&]*(server\/main|serve)/);
  });

  it('warns loudly in production when sign-in codes go to the log (no SMTP_URL)', () => {
    const warnings = startupWarnings(loadEnv({ NODE_ENV: 'production', ...ownSecrets }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/SMTP_URL is not set: sign-in codes are written to this log/);
  });

  it('no SMTP warning in supabase mode, where Supabase sends the codes', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      ...ownSecrets,
      PUBLIC_AUTH_MODE: 'supabase',
      PUBLIC_SUPABASE_URL: 'https://project.supabase.co',
      PUBLIC_SUPABASE_ANON_KEY: 'anon',
    });
    expect(startupWarnings(env)).toEqual([]);
  });
});
