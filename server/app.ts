/**
 * The Hono application (ARCHITECTURE §7, hono-open-api-starter's create-app): one `onError`, one `notFound`,
 * `/config.json`, the API under `/api` (each area's routes in `server/areas/<area>/`), public media, and the built
 * PWA with an SPA fallback. `createApp` takes every dependency, so tests build the very same app in-process
 * and call it with `app.request(...)`.
 */
import { HTTPException } from 'hono/http-exception';
import { languageDetector } from 'hono/language';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isStorableText, type ErrorCode } from '../src/contracts/common';
import { isConnectionError, type Db } from './db/client';
import { createChallengeCache } from './db/challenge-cache';
import { createOrganizationCache } from './db/organization-cache';
import { prepareHotQueries } from './db/queries';
import { prepareRateLimitStatements } from './kernel/rate-limit';
import { createIdempotencyClaimer } from './db/idempotency-claims';
import { createSessionLoader } from './db/session-loader';
import { ambientDb, createRequestGroups } from './db/runtime';
import type { MediaStorage } from './lib/storage/media-object';
import { memoryStorage } from './lib/storage/media-storage';
import type { Env } from './env';
import { describeError } from './lib/error-description';
import { ApiError, notFound } from './lib/errors';
import type { Logger } from './lib/logger';
import { createMailer, type Mailer } from './lib/mailer';
import type { AppDeps, AreaFactory, Clock } from './kernel/types';
import { inlineJobs } from './jobs/inline-jobs';
import type { Jobs } from './kernel/job-types';
import { authenticate } from './kernel/authenticate';
import { requestBodyLimit } from './lib/middlewares/body-limit';
import { idempotency } from './kernel/idempotency';
import { databaseAdmission } from './lib/middlewares/database-admission';
import { loadShedding } from './lib/middlewares/load-shedding';
import { securityHeaders } from './lib/middlewares/security-headers';
import { challengeRoutes } from './areas/challenges/challenges.routes';
import { checkinRoutes } from './areas/checkin/checkin.routes';
import { configRoutes } from './areas/shell/config.routes';
import { healthRoutes, type Lifecycle } from './areas/shell/health.routes';
import { manifestRoutes } from './areas/shell/manifest.routes';
import { mediaRoutes } from './areas/media/media.routes';
import { openApiRoutes } from './areas/shell/openapi.routes';
import { routeGroup } from './lib/openapi';
import { organizationRoutes } from './areas/organization/organization.routes';
import { sessionRoutes } from './areas/session/session.routes';
import { staticRoutes } from './areas/shell/static.routes';
import { userRoutes } from './areas/profile/user.routes';
import { activationRoutes } from './areas/activations/activations.routes';
import { adminRoutes } from './areas/console/console.routes';
import { adminMediaUploadRoutes } from './areas/console/media.routes';
import { contentTransferRoutes } from './areas/console/transfer.routes';
import { benefitRoutes } from './areas/benefits/benefits.routes';
import { carouselRoutes } from './areas/carousel/carousel.routes';
import { carRoutes } from './areas/cars/cars.routes';
import { cdnRoutes } from './areas/shell/cdn.routes';
import { consentRoutes } from './areas/consent/consent.routes';
import { contentRoutes } from './areas/content/content.routes';
import { cspReportRoutes } from './areas/shell/csp-report.routes';
import { referralRoutes } from './areas/referral/referral.routes';
import { avatarRoutes, profileRoutes } from './areas/profile/profile.routes';
import { sweepstakeRoutes } from './areas/sweepstakes/sweepstakes.routes';
import { redemptionRoutes, rewardRoutes } from './areas/rewards/rewards.routes';
import { leaderboardRoutes, leagueRoutes } from './areas/leaderboards/leaderboards.routes';
import { venueRoutes } from './areas/venue/venue.routes';
import { pushPublicRoutes, pushRoutes } from './areas/push/push.routes';

/** Largest accepted request body, in bytes (413 above). */
const MAX_BODY_BYTES = 1024 * 1024;
/** `Retry-After` (seconds) of a 503 answered when the database connection was lost mid-request. */
const DB_RETRY_AFTER_SECONDS = 1;
/** `Retry-After` (seconds) of a request shed under overload: long enough for a burst to drain. */
const SHED_RETRY_AFTER_SECONDS = 2;

export type CreateAppOptions = {
  db: Db;
  env: Env;
  logger: Logger;
  /** Defaults to SMTP when `env.SMTP_URL` is set, else the `[mail]` log line. */
  mailer?: Mailer;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Uploaded media bytes; defaults to memory (tests). `server/main.ts` passes the environment's (`mediaStorageFor`). */
  storage?: MediaStorage;
  /** Tests only: fault injection at each Idempotency-Key step (see `AppDeps.faultHook`). */
  faultHook?: AppDeps['faultHook'];
  /** Push delivery's resolver and time bounds (see `AppDeps.push`); tests only, production takes the defaults. */
  push?: AppDeps['push'];
  /**
   * Serve at most `concurrency` API requests at once, the others waiting in line (`lib/middlewares/database-admission.ts`).
   * `server/main.ts` sets it for the embedded PGlite; PostgreSQL's pool bounds the wait itself.
   */
  admission?: { concurrency: number };
  /**
   * The job queue (`server/jobs/job-queue.ts`, decision 0094), which `server/main.ts` starts; defaults to running each
   * job in-process at once (`inline-jobs.ts`), for tests and scripts that need no queue.
   */
  jobs?: Jobs;
  /** Read by `/readyz`: `server/main.ts` sets `stopping` on SIGTERM. Defaults to a process that is not stopping. */
  lifecycle?: Lifecycle;
};

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'ValidationFailed',
  429: 'TooManyRequests',
};

/**
 * Builds the app.
 * @returns the Hono app and the resolved dependencies (tests reuse `deps.db`, `deps.clock`)
 */
export function createApp(options: CreateAppOptions) {
  // Each area's statements and batches (`AppDeps.prepared`), built on first use.
  const areaState = new Map<AreaFactory<unknown>, unknown>();
  const deps: AppDeps = {
    // Route modules see the ambient unit of work (the Idempotency-Key middleware's, a commit group's).
    db: ambientDb(options.db),
    env: options.env,
    logger: options.logger,
    mailer: options.mailer ?? createMailer(options.env.SMTP_URL, options.env.SMTP_FROM),
    clock: options.clock ?? (() => new Date()),
    queries: { ...prepareHotQueries(options.db), ...prepareRateLimitStatements(options.db) },
    // Read before any request transaction opens (authenticate runs first), so straight on the database.
    sessions: createSessionLoader(options.db),
    // Claims commit on their own, before the request transaction opens: straight on the database too.
    idempotencyClaims: createIdempotencyClaimer(options.db),
    prepared: (factory) => {
      if (!areaState.has(factory)) areaState.set(factory, factory(options.db, options.env));
      return areaState.get(factory) as ReturnType<typeof factory>;
    },
    requestGroups: createRequestGroups(options.db),
    organizations: createOrganizationCache(options.db),
    challenges: createChallengeCache(options.db),
    storage: options.storage ?? memoryStorage(),
    faultHook: options.faultHook,
    push: options.push,
    jobs: options.jobs ?? inlineJobs(() => deps),
  };
  const { logger } = deps;
  const app = routeGroup();

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const body = {
        error: { code: error.code, message: error.message, ...(error.details !== undefined ? { details: error.details } : {}) },
      };
      return c.json(body, error.status, error.headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      return c.json({ error: { code: CODE_BY_STATUS[status] ?? 'BadRequest', message: error.message || 'Bad request' } }, status);
    }
    if (isConnectionError(error)) {
      // The database went away mid-request (failover, restart): nothing was committed, a retry will do.
      logger.warn('database connection lost', { method: c.req.method, route: c.req.routePath, ...describeError(error) });
      const body = { error: { code: 'ServiceUnavailable' as const, message: 'The service is briefly unavailable. Please try again.' } };
      return c.json(body, 503, { 'Retry-After': String(DB_RETRY_AFTER_SECONDS) });
    }
    logger.error('unhandled error', { method: c.req.method, route: c.req.routePath, ...describeError(error, { frames: true }) });
    return c.json({ error: { code: 'Internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
  });

  app.notFound((c) => c.json({ error: { code: 'NotFound', message: `No route for ${c.req.method} ${c.req.path}` } }, 404));

  app.use('*', securityHeaders(deps.env));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    // The matched route, not the path: a path can carry anything a client typed.
    logger.debug('request', {
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  app.route('/', configRoutes(deps));
  // Probes go straight to the database, before the admission queue and the API's load shedding.
  app.route('/', healthRoutes({ db: options.db, storage: deps.storage, lifecycle: options.lifecycle ?? { stopping: false } }));

  if (options.admission) {
    const { env } = deps;
    app.use(
      '/api/*',
      databaseAdmission({
        concurrency: options.admission.concurrency,
        maxWaitMs: env.DATABASE_POOL_TIMEOUT_MS,
        maxQueue: env.MAX_IN_FLIGHT_REQUESTS,
        retryAfterSeconds: SHED_RETRY_AFTER_SECONDS,
      }),
    );
  }

  const api = routeGroup();
  api.use('*', loadShedding({ maxInFlight: deps.env.MAX_IN_FLIGHT_REQUESTS, retryAfterSeconds: SHED_RETRY_AFTER_SECONDS }));
  api.use(
    '*',
    requestBodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: { code: 'PayloadTooLarge', message: 'Request body is larger than 1 MB' } }, 413),
    }),
  );
  // A path with control characters or broken text names nothing; refusing it here keeps it away from every query.
  api.use('*', async (c, next) => {
    // eslint-disable-next-line no-control-regex -- matching control characters is the point of this check
    if (/[\u0000-\u001f\u007f]/.test(c.req.path) || !isStorableText(c.req.path)) throw notFound('No such resource');
    await next();
  });
  api.use('*', languageDetector({ supportedLanguages: ['en', 'fr'], fallbackLanguage: 'en', order: ['header'], caches: false }));
  api.route('/media', mediaRoutes(deps));
  api.route('/', openApiRoutes(app));
  api.route('/csp-report', cspReportRoutes(deps));
  api.route('/push', pushPublicRoutes(deps));

  const member = routeGroup();
  member.use('*', authenticate(deps), idempotency(deps));
  member.route('/organization', organizationRoutes());
  member.route('/session', sessionRoutes(deps));
  member.route('/user', userRoutes(deps));
  member.route('/challenge', challengeRoutes(deps));
  member.route('/checkin', checkinRoutes(deps));
  member.route('/user', profileRoutes(deps));
  member.route('/user', referralRoutes(deps));
  member.route('/content', contentRoutes(deps));
  member.route('/sweepstake', sweepstakeRoutes(deps));
  member.route('/activations', activationRoutes(deps));
  member.route('/venue', venueRoutes(deps));
  member.route('/consent', consentRoutes(deps));
  member.route('/carousel', carouselRoutes(deps));
  member.route('/push', pushRoutes(deps));
  member.route('/benefits', benefitRoutes(deps));
  member.route('/rewards', rewardRoutes(deps));
  member.route('/user/me/redemptions', redemptionRoutes(deps));
  member.route('/cars', carRoutes());
  member.route('/leaderboards', leaderboardRoutes(deps));
  member.route('/leagues', leagueRoutes(deps));
  member.route('/admin', adminRoutes(deps));
  api.route('/', member);

  // Avatar upload (5 MB) is mounted before the /api group and its 1 MB body limit.
  app.route('/api/media', avatarRoutes(deps));
  // Likewise the operators' uploads (up to 200 MB for a video), with their own limit and checks.
  app.route('/api/admin/media', adminMediaUploadRoutes(deps));
  // The content document carries its media: mounted before the /api group's 1 MB body limit too.
  app.route('/api/admin', contentTransferRoutes(deps));
  app.route('/api', api);
  app.route('/', cdnRoutes(deps));
  app.route('/', manifestRoutes(deps));
  app.route('/', staticRoutes(deps));
  return { app, deps };
}
