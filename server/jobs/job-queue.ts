/**
 * The job queue of the server (decision 0094): pg-boss on the opened database, in its own `pgboss` schema. On
 * PostgreSQL it has a small pool of its own (`DATABASE_URL`), so every process on every host claims from the same
 * tables: a job is worked by one process at a time (`for update skip locked`), a failed one is retried with backoff,
 * one whose process died is retried once it expires, and each cron schedule sends one job per tick across hosts.
 * On the embedded PGlite the same code runs in the one process, through pg-boss's PGlite adapter.
 *
 * Queues (retry limit, backoff, expiry = the longest a job may stay active before it counts as lost):
 * the pushes (15 minutes of sending, decision 0069, plus margin), the hourly housekeeping, figures rollup and
 * points expiry, and the minute scan of due notifications. `push-notification` is `stately`: at most one job per
 * notification queued and one active.
 */
import { PgBoss, fromPglite, type Queue } from 'pg-boss';
import type { Database } from '../db/runtime';
import { describeError } from '../lib/error-description';
import type { Logger } from '../lib/logger';
import type { AppDeps } from '../kernel/types';
import type { JobData, JobHandler, JobName, Jobs } from '../kernel/job-types';
import { jobHandlers } from './jobs';

/** Each queue's options; retries back off from `retryDelay` seconds (doubling, with jitter, up to `retryDelayMax`). */
const QUEUES: Record<JobName, Omit<Queue, 'name'> & { localConcurrency: number }> = {
  'push-notification': { policy: 'stately', retryLimit: 5, expireInSeconds: 20 * 60, localConcurrency: 2 },
  'push-challenge-result': { retryLimit: 5, expireInSeconds: 20 * 60, localConcurrency: 2 },
  'push-sweepstake-winners': { retryLimit: 5, expireInSeconds: 20 * 60, localConcurrency: 2 },
  'push-points-expiry': { retryLimit: 5, expireInSeconds: 20 * 60, localConcurrency: 2 },
  'push-due': { retryLimit: 0, expireInSeconds: 5 * 60, localConcurrency: 1 },
  housekeeping: { retryLimit: 3, expireInSeconds: 30 * 60, localConcurrency: 1 },
  'figures-rollup': { retryLimit: 3, expireInSeconds: 60 * 60, localConcurrency: 1 },
  'points-expiry': { retryLimit: 3, expireInSeconds: 60 * 60, localConcurrency: 1 },
};

/** The cron schedules (UTC): the hourly work, and the minute scan of due notifications. */
const SCHEDULES: Array<{ name: JobName; cron: string }> = [
  { name: 'housekeeping', cron: '0 * * * *' },
  { name: 'figures-rollup', cron: '5 * * * *' },
  { name: 'points-expiry', cron: '10 * * * *' },
  { name: 'push-due', cron: '* * * * *' },
];

/** The production retry timing (seconds): 30 s, then about 1, 2, 4 minutes…, at most 10 minutes apart. */
const RETRY_DELAY_SECONDS = 30;
const RETRY_DELAY_MAX_SECONDS = 600;

/** A started-or-not queue: `Jobs` for the domain, `start` once the app's deps exist, `stop` on shutdown. */
export type JobQueue = Jobs & {
  /** The pg-boss instance (tests read its jobs and schedules). */
  boss: PgBoss;
  /**
   * Installs or migrates the `pgboss` schema, creates the queues, registers the workers on `deps` and the schedules.
   * Jobs sent before it wait for it.
   * @throws the database's error when pg-boss cannot start
   */
  start: (deps: AppDeps) => Promise<void>;
  /** Stops fetching, waits up to `timeoutMs` for the jobs running here (the rest are retried elsewhere once expired). */
  stop: (timeoutMs?: number) => Promise<void>;
};

/**
 * Makes the queue on `database` (not started).
 * @param options.poolSize connections of pg-boss's own pool on PostgreSQL (default 3)
 * @param options.pollingIntervalSeconds how often an idle worker looks for jobs (default 2 s; at least 0.5)
 * @param options.retryDelaySeconds first retry delay (default 30 s); tests shorten it
 * @param options.schedule register the cron schedules (default true)
 */
export function createJobQueue(options: {
  database: Database;
  logger: Logger;
  poolSize?: number;
  pollingIntervalSeconds?: number;
  retryDelaySeconds?: number;
  schedule?: boolean;
}): JobQueue {
  const { database, logger } = options;
  const common = { schema: 'pgboss', application_name: 'podium-jobs' };
  const boss =
    database.engine === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.url!, max: options.poolSize ?? 3 });
  // pg-boss reports its own failures (a lost connection, a failed maintenance pass) as events: an unheard 'error'
  // would end the process.
  boss.on('error', (error) => logger.warn('job queue error', describeError(error)));
  let markStarted!: () => void;
  let markFailed!: (error: unknown) => void;
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    markFailed = reject;
  });
  // A send before start waits; if start fails, so does that send (not an unhandled rejection here).
  started.catch(() => undefined);

  return {
    boss,
    async send(name, data, sendOptions = {}) {
      await started;
      await boss.send(name, data, { startAfter: sendOptions.startAfter, singletonKey: sendOptions.singletonKey });
    },
    async start(deps) {
      try {
        await boss.start();
        const handlers = jobHandlers(deps);
        const retry = {
          retryDelay: options.retryDelaySeconds ?? RETRY_DELAY_SECONDS,
          retryBackoff: true,
          retryDelayMax: RETRY_DELAY_MAX_SECONDS,
        };
        for (const [name, { localConcurrency, policy, ...queue }] of Object.entries(QUEUES) as Array<[JobName, (typeof QUEUES)[JobName]]>) {
          // createQueue keeps an existing queue as it is: updateQueue brings its options to this release's.
          await boss.createQueue(name, { policy, ...retry, ...queue });
          await boss.updateQueue(name, { ...retry, ...queue });
          const handler = handlers[name] as JobHandler<JobName>;
          await boss.work<JobData[JobName]>(
            name,
            { localConcurrency, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
            async ([job]) => {
              await handler(job.data, { id: job.id, retryCount: job.retryCount });
            },
          );
        }
        if (options.schedule ?? true) for (const { name, cron } of SCHEDULES) await boss.schedule(name, cron, {}, { tz: 'UTC' });
        markStarted();
      } catch (error) {
        markFailed(error);
        throw error;
      }
    },
    async stop(timeoutMs = 10_000) {
      markFailed(new Error('job queue stopped'));
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}
