/**
 * The in-process runner `createApp` uses when it is given no queue (tests, scripts, the benchmarks): `send` runs the
 * job's handler at once and resolves when it is done, without retry, schedule or `startAfter` (a scheduled push waits
 * for a test to call `sendPushNotification` once it is due). A handler's failure is logged, as a failed job would be.
 * The server itself always runs the pg-boss queue (`job-queue.ts`, decision 0094).
 */
import { randomUUID } from 'node:crypto';
import { describeError } from '../lib/error-description';
import type { AppDeps } from '../kernel/types';
import type { JobHandler, JobName, Jobs } from '../kernel/job-types';
import { jobHandlers } from './jobs';

/**
 * A runner on `deps`, read when a job is sent (so it may be made before `deps` is complete).
 * @returns the `Jobs` of `deps`
 */
export function inlineJobs(deps: () => AppDeps): Jobs {
  return {
    async send(name, data) {
      const handler = jobHandlers(deps())[name] as JobHandler<JobName>;
      await handler(data, { id: randomUUID(), retryCount: 0 }).catch((error) =>
        deps().logger.warn('job failed', { job: name, ...describeError(error) }),
      );
    },
  };
}
