/**
 * The background and scheduled work of the server (decision 0094): each kind of job, what it carries, and the
 * handler that does it. The handlers are the same whichever runner calls them: the pg-boss queue of
 * `job-queue.ts` (production, PGlite or PostgreSQL), or the in-process runner of `inline-jobs.ts` (tests that build
 * the app without a queue).
 *
 * A handler may run more than once for one job (a retry after a failure, a job resumed after its process died):
 * each is safe to repeat. Pushes record each device in `push_deliveries`, so a repeat skips devices already done;
 * housekeeping, the figures' rollup and points expiry are idempotent by their own rules (decisions 0058, 0091).
 */
import { rollUpEveryOrganization } from '../domain/figures';
import { purgeExpired } from '../domain/housekeeping';
import { runPointsExpiry } from '../domain/points-expiry';
import {
  enqueueDuePushNotifications,
  notifyPointsExpiry,
  notifySweepstakeWinners,
  pushChallengeResult,
  sendPushNotification,
} from '../domain/push';
import type { AppDeps } from '../lib/types';

/** What each job carries (JSON): the queue's name → its data. */
export type JobData = {
  /**
   * An operator's notification, sent when due (decision 0060); one job per notification at a time. `resume`: the
   * minute scan's job for a notification left `sending` by a job that failed for good.
   */
  'push-notification': { id: string; resume?: boolean };
  /** A pick'em result, pushed to the members who answered. */
  'push-challenge-result': { challengeId: string };
  /** A sweepstake's winners, told by push. */
  'push-sweepstake-winners': { sweepstakeId: string; organizationId: string; title: string; userIds: string[] };
  /** Points-expiry reminders of one organization (decision 0091), a bounded batch of members. */
  'push-points-expiry': { organizationId: string; reminders: Array<{ userId: string; points: number; on: string }> };
  /** Every minute: queues the notifications due and not yet sent (a lost enqueue, a send to resume). */
  'push-due': Record<string, never>;
  /** Hourly: purges expired rows and unused uploads (decision 0058). */
  housekeeping: Record<string, never>;
  /** Hourly: rolls up the figures' closed days (decision 0058). */
  'figures-rollup': Record<string, never>;
  /** Hourly: expires points that reached their day and queues the reminders due (decision 0091). */
  'points-expiry': Record<string, never>;
};
export type JobName = keyof JobData;

/** When and how a job is queued: not before `startAfter`; at most one queued per `singletonKey` on the queues that dedupe. */
export type JobSendOptions = { startAfter?: Date; singletonKey?: string };

/** The queue, as domain code sees it: `deps.jobs.send(...)` instead of a promise fired in the background. */
export interface Jobs {
  /**
   * Queues a job.
   * @throws the queue's error when the job could not be stored (the caller logs it: the work is lost)
   */
  send<N extends JobName>(name: N, data: JobData[N], options?: JobSendOptions): Promise<void>;
}

/** The job a handler runs: its id (stable across retries: the key of its push deliveries) and its retries so far. */
export type JobRun = { id: string; retryCount: number };
/** A job's handler: takes its data and the job. */
export type JobHandler<N extends JobName> = (data: JobData[N], job: JobRun) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * The handlers of every job, on `deps`. A handler throws to have its job retried (with backoff, by the queue).
 * @returns one handler per job name
 */
export function jobHandlers(deps: AppDeps): JobHandlers {
  return {
    'push-notification': async ({ id, resume }, job) => {
      // A retry takes over the notification its own earlier attempt left `sending`; a first attempt does not, since
      // another sender may be at work on it.
      await sendPushNotification(deps, id, { resume: Boolean(resume) || job.retryCount > 0 });
    },
    'push-challenge-result': async ({ challengeId }, job) => {
      await pushChallengeResult(deps, challengeId, `job:${job.id}`);
    },
    'push-sweepstake-winners': async ({ sweepstakeId, organizationId, title, userIds }, job) => {
      await notifySweepstakeWinners(deps, { id: sweepstakeId, organizationId, title }, userIds, `job:${job.id}`);
    },
    'push-points-expiry': async ({ organizationId, reminders }, job) => {
      await notifyPointsExpiry(deps, organizationId, reminders, `job:${job.id}`);
    },
    'push-due': async () => {
      await enqueueDuePushNotifications(deps, deps.clock());
    },
    housekeeping: async () => {
      await purgeExpired(deps.db, deps.clock(), deps.storage);
    },
    'figures-rollup': async () => {
      await rollUpEveryOrganization(deps.db, deps.clock());
    },
    'points-expiry': async () => {
      await runPointsExpiry(deps, deps.clock());
    },
  };
}
