/**
 * The Hono application (ARCHITECTURE §7, hono-open-api-starter's create-app): one `onError`, one `notFound`,
 * `/config.json`, the API under `/api` (route modules in `server/routes/<area>/`), public media, and the built
 * PWA with an SPA fallback. `createApp` takes every dependency, so tests build the very same app in-process
 * and call it with `app.request(...)`.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { languageDetector } from 'hono/language';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../src/contracts/common';
import { isConnectionError, type Db } from './db/client';
import { prepareQueries } from './db/queries';
import type { Env } from './env';
import { ApiError } from './lib/errors';
import type { Logger } from './lib/logger';
import { createMailer, type Mailer } from './lib/mailer';
import type { AppDeps, AppEnv, Clock } from './lib/types';
import { authenticate } from './middlewares/authenticate';
import { idempotency } from './middlewares/idempotency';
import { challengeRoutes } from './routes/challenge/challenge.index';
import { checkinRoutes } from './routes/checkin/checkin.index';
import { configRoutes } from './routes/config/config.index';
import { mediaRoutes } from './routes/media/media.index';
import { organizationRoutes } from './routes/organization/organization.index';
import { sessionRoutes } from './routes/session/session.index';
import { staticRoutes } from './routes/static/static.index';
import { userRoutes } from './routes/user/user.index';
import { activationRoutes } from './routes/activations/activations.index';
import { carouselRoutes } from './routes/carousel/carousel.index';
import { cdnRoutes } from './routes/cdn/cdn.index';
import { consentRoutes } from './routes/consent/consent.index';
import { contentRoutes } from './routes/content/content.index';
import { avatarRoutes, profileRoutes } from './routes/profile/profile.index';
import { sweepstakeRoutes } from './routes/sweepstakes/sweepstakes.index';

/** Largest accepted request body, in bytes (413 above). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** `Retry-After` (seconds) of a 503 answered when the database connection was lost mid-request. */
export const DB_RETRY_AFTER_SECONDS = 1;

export type CreateAppOptions = {
  db: Db;
  env: Env;
  logger: Logger;
  /** Defaults to SMTP when `env.SMTP_URL` is set, else the `[mail]` log line. */
  mailer?: Mailer;
  /** Defaults to the system clock. */
  clock?: Clock;
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
  const deps: AppDeps = {
    db: options.db,
    env: options.env,
    logger: options.logger,
    mailer: options.mailer ?? createMailer(options.env.SMTP_URL, options.env.SMTP_FROM),
    clock: options.clock ?? (() => new Date()),
    queries: prepareQueries(options.db),
  };
  const { logger } = deps;
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const body = { error: { code: error.code, message: error.message, ...(error.details !== undefined ? { details: error.details } : {}) } };
      return c.json(body, error.status, error.headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      return c.json({ error: { code: CODE_BY_STATUS[status] ?? 'BadRequest', message: error.message || 'Bad request' } }, status);
    }
    if (isConnectionError(error)) {
      // The database went away mid-request (failover, restart): nothing was committed, a retry will do.
      logger.warn('database connection lost', { method: c.req.method, path: c.req.path, error: String(error) });
      const body = { error: { code: 'ServiceUnavailable' as const, message: 'The service is briefly unavailable. Please try again.' } };
      return c.json(body, 503, { 'Retry-After': String(DB_RETRY_AFTER_SECONDS) });
    }
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.stack ?? String(error) });
    return c.json({ error: { code: 'Internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
  });

  app.notFound((c) =>
    c.json({ error: { code: 'NotFound', message: `No route for ${c.req.method} ${c.req.path}` } }, 404),
  );

  app.use('*', secureHeaders({ crossOriginResourcePolicy: false, referrerPolicy: 'strict-origin-when-cross-origin' }));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.debug('request', { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });

  app.route('/', configRoutes(deps));

  const api = new Hono<AppEnv>();
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: { code: 'PayloadTooLarge', message: 'Request body is larger than 1 MB' } }, 413),
    }),
  );
  api.use('*', languageDetector({ supportedLanguages: ['en', 'fr'], fallbackLanguage: 'en', order: ['header'], caches: false }));
  api.route('/media', mediaRoutes(deps));

  const member = new Hono<AppEnv>();
  member.use('*', authenticate(deps), idempotency(deps));
  member.route('/organization', organizationRoutes(deps));
  member.route('/session', sessionRoutes(deps));
  member.route('/user', userRoutes(deps));
  member.route('/challenge', challengeRoutes(deps));
  member.route('/checkin', checkinRoutes(deps));
  member.route('/user', profileRoutes(deps));
  member.route('/content', contentRoutes(deps));
  member.route('/sweepstake', sweepstakeRoutes(deps));
  member.route('/activations', activationRoutes(deps));
  member.route('/consent', consentRoutes(deps));
  member.route('/carousel', carouselRoutes(deps));
  api.route('/', member);

  // Avatar upload (5 MB) is mounted before the /api group and its 1 MB body limit (decision 0015).
  app.route('/api/media', avatarRoutes(deps));
  app.route('/api', api);
  app.route('/', cdnRoutes(deps));
  app.route('/', staticRoutes(deps));
  return { app, deps };
}

export type App = ReturnType<typeof createApp>['app'];
