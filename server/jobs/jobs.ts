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
import { rollUpEveryOrganization } from '../areas/console/figures.service';
import { purgeExpired } from './housekeeping';
import { runPointsExpiry } from './points-expiry';
import {
  enqueueDuePushNotifications,
  notifyPointsExpiry,
  notifySweepstakeWinners,
  pushChallengeResult,
  sendPushNotification,
} from '../areas/push/push.service';
import type { AppDeps } from '../kernel/types';
import type { JobHandlers } from '../kernel/job-types';

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
