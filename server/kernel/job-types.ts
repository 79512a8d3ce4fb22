/**
 * The kinds of job (decision 0094) and what each carries, the queue as domain code sees it (`Jobs`, on `AppDeps`),
 * and the shape of a handler. Types only, so that `AppDeps` names the queue without importing the handlers (which
 * import the domain).
 */

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
