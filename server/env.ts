/**
 * Server environment: the only module that reads `process.env` (STYLE.md, Epic Stack habit).
 *
 * `loadEnv(source)` parses a record of strings with zod and returns a typed `Env`; invalid values throw an
 * `EnvError` listing every bad variable. `env` is the parsed process environment, loaded lazily on first
 * access so tests can build apps from `loadEnv({...})` without touching the real environment.
 * Rule source: ARCHITECTURE §1 (runtime config), §3 (auth modes).
 */
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/** Development value of `AUTH_SECRET`: refused in production unless `PODIUM_DEMO=true`. */
const DEVELOPMENT_AUTH_SECRET = 'podium-development-secret-change-me';
/** Public key of the seeded demo organization: refused in production unless `PODIUM_DEMO=true`. */
const DEMO_ORGANIZATION_KEY = 'pk_demo_alpine_racing';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const list = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? fallback)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/**
 * `TRUST_PROXY`: `false`/unset = trust no proxy; `true` = 1 hop (compatibility); a whole number = that many
 * hops; else a comma list of proxy addresses or CIDR ranges (checked with proxy-addr at start-up).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const value = (v ?? '').trim();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return { hops: 1 };
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    const addresses = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    try {
      proxyAddr.compile(addresses);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a hop count or a list of addresses/CIDRs (${(error as Error).message})` });
      return z.NEVER;
    }
    return { addresses };
  });

/** Parsed `TRUST_PROXY`: no proxy, N trusted hops, or the trusted proxies' addresses / CIDR ranges. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Empty strings count as unset (a `FOO=` line in a .env file). */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v.trim()));

const url = (what: string) => optionalText.refine((v) => v === null || URL.canParse(v), { message: `${what} must be a URL` });

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** PostgreSQL URL; unset = embedded PGlite in PODIUM_DATA_DIR. */
    DATABASE_URL: url('DATABASE_URL'),
    /**
     * PostgreSQL connections per server process. Requests beyond it wait for a connection, at most
     * DATABASE_POOL_TIMEOUT_MS, then answer 503 with Retry-After: N processes open N times this many.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    /**
     * API requests one process serves at once; more are shed with 503 + Retry-After. The default
     * lets a 100-connection burst through while a stadium's thousands of phones cannot pile up unbounded.
     */
    MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(1_000),
    /**
     * How long (ms) a request may wait for a free PostgreSQL connection, or on the embedded PGlite for its turn
     * (PGLITE_CONCURRENT_REQUESTS), before it answers 503.
     */
    DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /**
     * On PostgreSQL, prepare each parameterized statement once per connection. Set false behind a
     * pooler in transaction mode that cannot keep prepared statements (PgBouncer before 1.21): then none is prepared.
     */
    DATABASE_PREPARED_STATEMENTS: bool(true),
    /**
     * On the embedded PGlite, API requests served at once; the others wait in line, at most DATABASE_POOL_TIMEOUT_MS.
     * Unused on PostgreSQL.
     */
    PGLITE_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(1_000).default(8),
    /**
     * After SIGTERM, how long (ms) the process keeps accepting requests while `/readyz` answers 503, before it stops
     * accepting and lets in-flight requests finish. Behind a load balancer that polls `/readyz`, set
     * it to the balancer's check interval times its unhealthy threshold, so no request meets a closed port; 0 stops
     * accepting at once (nginx, which retries a refused connection on another host, needs no more).
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /** PGlite data directory; `memory://` keeps everything in memory. */
    PODIUM_DATA_DIR: z.string().min(1).default('./data'),
    /**
     * Where uploaded media bytes live (decisions 0041, 0088): `file` (a directory on this host) or `s3` (a bucket
     * every host shares: S3, MinIO, Supabase Storage, Cloudflare R2).
     */
    MEDIA_STORAGE: z.enum(['file', 's3']).default('file'),
    /** `MEDIA_STORAGE=file`: the directory (default `<PODIUM_DATA_DIR>/media`, memory for `memory://`). */
    MEDIA_DIR: z.string().min(1).optional(),
    /** `MEDIA_STORAGE=s3`: the bucket (it must exist). */
    S3_BUCKET: optionalText,
    /** `MEDIA_STORAGE=s3`: a folder of the bucket for the media, e.g. `podium/media`; unset = the bucket's root. */
    S3_PREFIX: optionalText,
    /** `MEDIA_STORAGE=s3`: address the bucket in the path (`endpoint/bucket/key`), as MinIO and some stores need. */
    S3_FORCE_PATH_STYLE: bool(false),
    /** The AWS SDK's region (`auto` for Cloudflare R2); required with `MEDIA_STORAGE=s3`. */
    AWS_REGION: optionalText,
    /** The AWS SDK's endpoint of an S3-compatible store; unset = Amazon S3. */
    AWS_ENDPOINT_URL_S3: url('AWS_ENDPOINT_URL_S3'),
    /** The AWS SDK's access keys; unset = the SDK's default chain (instance or task role, shared profile). */
    AWS_ACCESS_KEY_ID: optionalText,
    AWS_SECRET_ACCESS_KEY: optionalText,
    AWS_SESSION_TOKEN: optionalText,
    /** Uploads one member may make per rolling 24 h (429 above). */
    UPLOAD_DAILY_COUNT: z.coerce.number().int().min(1).default(20),
    /** Bytes one member may upload per rolling 24 h (413 above); default 25 MiB. */
    UPLOAD_DAILY_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(25 * 1024 * 1024),
    /** Public key of the demo organization (the visitor bearer); used by the seed and /config.json. */
    ORGANIZATION_KEY: z.string().min(8).max(128).default(DEMO_ORGANIZATION_KEY),
    /** HMAC secret for sign-in codes. The default is only fit for development and demos. */
    AUTH_SECRET: z.string().min(16).default(DEVELOPMENT_AUTH_SECRET),
    /** SMTP connection URL for nodemailer, e.g. `smtp://user:pass@mail.example:587`; unset = codes are logged. */
    SMTP_URL: url('SMTP_URL'),
    SMTP_FROM: z.string().min(3).default('Podium <no-reply@podium.example>'),
    /**
     * Which proxies in front of the server may name the client in `X-Forwarded-For`:
     * `false` (none), a hop count (`true` = 1), or a comma list of proxy addresses / CIDR ranges.
     */
    TRUST_PROXY: trustProxy,
    /** Sign-in limits (decisions 0043, 0070; ARCHITECTURE §3): codes per mailbox per 15 minutes. */
    SIGNIN_EMAIL_CODES_PER_15_MIN: positiveInt(5),
    /** Codes per mailbox per 24 hours: with 5 guesses per code, this bounds guessing over a year. */
    SIGNIN_EMAIL_CODES_PER_DAY: positiveInt(20),
    /** Seconds between two codes for one mailbox. */
    SIGNIN_EMAIL_COOLDOWN_SECONDS: positiveInt(30),
    /** Codes sent per client address per 15 minutes (sized for a stadium crowd behind one address). */
    SIGNIN_ADDRESS_CODES_PER_15_MIN: positiveInt(2000),
    /** Failed verifications per client address per 15 minutes (a stadium shares few addresses: keep it large). */
    SIGNIN_ADDRESS_FAILURES_PER_15_MIN: positiveInt(1000),
    /**
     * Allows the development `AUTH_SECRET` and the demo `ORGANIZATION_KEY` with `NODE_ENV=production` (a public demo
     * built for production). Decision 0042.
     */
    PODIUM_DEMO: bool(false),
    /**
     * E-mails (comma list, any case) that bootstrap an organization's first operator: a listed e-mail gets the
     * `operator` role at sign-in only while the organization has no operator. Operators grant and
     * revoke the role in the console.
     */
    OPERATOR_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    STATIC_DIR: z.string().min(1).default('./dist'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** Number of server processes (node's cluster module, `server/cluster.ts`): 1 (default) to 64; empty = 1. */
    WEB_CONCURRENCY: z
      .union([z.literal(''), z.coerce.number().int().min(1).max(64)])
      .optional()
      .transform((v) => (v === undefined || v === '' ? 1 : v)),
    /** Version reported in /config.json. */
    PODIUM_VERSION: z.string().min(1).default('1.0.0'),
    /**
     * Wrong typed venue codes per client address per 15 minutes before that address's typed codes are refused.
     * A stadium crowd shares a few addresses and right codes never count: keep it large.
     */
    VENUE_ADDRESS_FAILURES_PER_15_MIN: positiveInt(3000),

    PUBLIC_API_ORIGIN: z.string().min(1).default('/api'),
    PUBLIC_AUTH_MODE: z.enum(['local', 'supabase']).default('local'),
    PUBLIC_SUPABASE_URL: url('PUBLIC_SUPABASE_URL'),
    PUBLIC_SUPABASE_ANON_KEY: optionalText,
    PUBLIC_LOGGED_OFF_DASHBOARD: bool(false),
    PUBLIC_TABS_ENABLED: bool(true),
    PUBLIC_CDN_BASE: z.string().min(1).default('/cdn'),
    /**
     * Window (ms) of the random delay before a client refetches and replays its offline queue on reconnect;
     * unset = the client's default (3000 ms). 0 turns it off.
     */
    PUBLIC_RECONNECT_JITTER_MS: z.coerce.number().int().min(0).max(30_000).optional(),
    PUBLIC_EXCLUDED_CHALLENGE_IDS: list(''),
    PUBLIC_ANALYTICS_KEY: optionalText,
    PUBLIC_ANALYTICS_HOST: url('PUBLIC_ANALYTICS_HOST'),
    PUBLIC_TELEMETRY_ENDPOINT: url('PUBLIC_TELEMETRY_ENDPOINT'),
    PUBLIC_TELEMETRY_SERVICE_NAME: z.string().min(1).default('podium-web'),
    PUBLIC_TELEMETRY_ENVIRONMENT: z.string().min(1).default('production'),

    /**
     * Supabase mode: legacy HS256 JWT secret of the project. When unset, access tokens are
     * verified against the project's JWKS at `{PUBLIC_SUPABASE_URL}/auth/v1/.well-known/jwks.json`.
     */
    SUPABASE_JWT_SECRET: optionalText,
    /** OTLP/HTTP collector base URL for the server's own traces (`/v1/traces` is appended); unset = no tracing. */
    OTEL_EXPORTER_OTLP_ENDPOINT: url('OTEL_EXPORTER_OTLP_ENDPOINT'),
    /** `service.name` of the server's traces. */
    OTEL_SERVICE_NAME: z.string().min(1).default('podium-api'),
    /**
     * Web Push VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them). Both or
     * neither: unset = a pair generated once and kept in the database, shared by every server process.
     */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** Contact push services may use about this sender: a `mailto:` or `https:` URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
      .default('mailto:no-reply@podium.example'),
    /** Push requests one process sends at once while delivering a notification. */
    PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
    /**
     * Development and tests only (refused with NODE_ENV=production): accept `http` push endpoints on any host, such
     * as a local push service on 127.0.0.1. Otherwise only https endpoints on public host names.
     */
    PUSH_ALLOW_INSECURE_ENDPOINTS: bool(false),
  })
  .superRefine((e, ctx) => {
    // Decision 0042: a production server never runs on a secret or key that is printed in this repository.
    if (e.NODE_ENV === 'production' && !e.PODIUM_DEMO) {
      if (e.AUTH_SECRET === DEVELOPMENT_AUTH_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_SECRET'],
          message: 'is the development value; set your own secret (16+ characters) in production, or PODIUM_DEMO=true for a demo',
        });
      }
      if (e.ORGANIZATION_KEY === DEMO_ORGANIZATION_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['ORGANIZATION_KEY'],
          message: "is the demo key; set your organization's own key in production, or PODIUM_DEMO=true for a demo",
        });
      }
    }
    if (e.NODE_ENV === 'production' && e.PUSH_ALLOW_INSECURE_ENDPOINTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_INSECURE_ENDPOINTS'],
        message: 'lets push reach inside the network; it is for development and tests, never production',
      });
    }
    if ((e.VAPID_PUBLIC_KEY === null) !== (e.VAPID_PRIVATE_KEY === null)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither' });
    }
    if (e.MEDIA_STORAGE === 's3') {
      if (!e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: "MEDIA_STORAGE=s3 needs the bucket's name" });
      if (!e.AWS_REGION)
        ctx.addIssue({
          code: 'custom',
          path: ['AWS_REGION'],
          message: "MEDIA_STORAGE=s3 needs the bucket's region (auto for Cloudflare R2)",
        });
    }
    if ((e.AWS_ACCESS_KEY_ID === null) !== (e.AWS_SECRET_ACCESS_KEY === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_ACCESS_KEY_ID'],
        message: 'set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither',
      });
    }
    if (e.PUBLIC_AUTH_MODE === 'supabase' && (!e.PUBLIC_SUPABASE_URL || !e.PUBLIC_SUPABASE_ANON_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_AUTH_MODE'],
        message: 'supabase mode needs PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Thrown by `loadEnv` when a variable is invalid; `message` lists each variable and what is wrong. */
export class EnvError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super('Invalid server environment:\n' + issues.map((i) => `  - ${i.variable}: ${i.message}`).join('\n'));
    this.name = 'EnvError';
  }
}

/**
 * Parses environment variables (strings) into a typed `Env`.
 * @param source variables to read, e.g. `process.env` or a test's overrides (missing keys take defaults)
 * @throws EnvError when a value is invalid
 */
export function loadEnv(source: Record<string, string | undefined> = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => ({ variable: i.path.join('.') || '(environment)', message: i.message })));
  }
  return parsed.data;
}

/**
 * Start-up warnings for an environment that runs but is unsafe for real members: sign-in codes
 * written to the log because no SMTP is configured (in production), and the demo secret or key allowed by
 * `PODIUM_DEMO` in production. Takes a parsed `Env`; returns one message per problem (empty when all is well).
 * Pure; `server/main.ts` logs them.
 */
export function startupWarnings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!env.SMTP_URL && env.PUBLIC_AUTH_MODE === 'local') {
    warnings.push(
      'SMTP_URL is not set: sign-in codes are written to this log instead of being e-mailed. Anyone who can read the log can sign in as any member. Set SMTP_URL in production.',
    );
  }
  if (env.PODIUM_DEMO && (env.AUTH_SECRET === DEVELOPMENT_AUTH_SECRET || env.ORGANIZATION_KEY === DEMO_ORGANIZATION_KEY)) {
    warnings.push(
      'PODIUM_DEMO=true: running in production with the development AUTH_SECRET or the demo ORGANIZATION_KEY. Fit for a demo only.',
    );
  }
  return warnings;
}

let cached: Env | undefined;

/**
 * The process environment, parsed once. Exits the process with a clear message when it is invalid
 * (only `server/main.ts` and tooling should touch this; the app itself receives an `Env`).
 */
export function processEnv(): Env {
  if (!cached) {
    try {
      cached = loadEnv(process.env);
    } catch (error) {
      if (error instanceof EnvError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  return cached;
}
