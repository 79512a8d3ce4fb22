/**
 * The dependencies `createApp` hands every area (`AppDeps`): the core (database, environment, clock, logger, mailer,
 * storage, jobs, caches) and `prepared`, through which each area builds its own statements. The request's principal
 * and the Hono environment are in `server/lib/app-env.ts`.
 */
import type { Db } from '../db/client';
import type { ChallengeCache } from '../db/challenge-cache';
import type { OrganizationCache } from '../db/organization-cache';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import type { Queries } from '../db/queries';
import type { prepareRateLimitStatements } from './rate-limit';
import type { createSessionLoader } from '../db/session-loader';
import type { createIdempotencyClaimer } from '../db/idempotency-claims';
import type { createRequestGroups } from '../db/runtime';
import type { MediaStorage } from '../lib/storage/media-object';
import type { LookupAddress } from 'node:dns';
import type { Jobs } from './job-types';

/** The current time; injected so tests can move the clock. */
export type Clock = () => Date;

/** Builds an area's per-app state (`AppDeps.prepared`) from the database, unwrapped, and the environment. */
export type AreaFactory<T> = (db: Db, env: Env) => T;

/** Resolves a host name to all its addresses (`dns.lookup` with `all: true` by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The resolver push endpoints are checked with, and the time bounds of delivery (ms); see the push area. */
export type PushNetwork = {
  resolve: Resolver;
  /** Longest wait for one push service's answer. */
  sendTimeoutMs: number;
  /** Longest time one member's devices may take in one notification (their remaining devices are skipped). */
  memberBudgetMs: number;
  /** Longest time one notification may take; what is not sent by then is skipped and counted as failed. */
  notificationBudgetMs: number;
  /**
   * Tests only: called once a device's outcome is recorded; throwing stops the delivery there, as a process dying
   * mid-send would (the job fails and its retry sends the rest).
   */
  afterSend?: (subscriptionId: string) => void | Promise<void>;
};

/** Everything a route module needs; built once per app. */
export type AppDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  /** The statements every area may run: the hot reads of `db/queries.ts` and the kernel's rate-limit hit. */
  queries: Queries & ReturnType<typeof prepareRateLimitStatements>;
  /**
   * An area's own per-app state, built by `factory` from the database and the environment the first time it is asked
   * for and kept for the app's life: its prepared statements (routed to the request transaction) or its batches.
   * The factory is the key, so each area's statements module exports one factory per kind of state.
   */
  prepared: <T>(factory: AreaFactory<T>) => T;
  /** Session lookups of concurrent requests, batched into one statement (decision 0063). */
  sessions: ReturnType<typeof createSessionLoader>;
  /** Idempotency-Key claims of concurrent requests, written by one statement (decision 0065). */
  idempotencyClaims: ReturnType<typeof createIdempotencyClaimer>;
  /** Keyed requests of one turn committed together in one transaction (decision 0066). */
  requestGroups: ReturnType<typeof createRequestGroups>;
  /** Organizations and their ranks in memory, checked against the version read with each session (decision 0047). */
  organizations: OrganizationCache;
  /** The organizations' published challenges, kept per process by organization version (`db/challenge-cache.ts`). */
  challenges: ChallengeCache;
  /** Where uploaded media bytes live (decision 0041). */
  storage: MediaStorage;
  /**
   * Push delivery's network and time bounds (decision 0069): the resolver push endpoints are checked with, the
   * longest wait for one endpoint, for one member's devices and for one notification (ms). Unset = the system
   * resolver and the production bounds; tests inject a resolver and short bounds.
   */
  push?: Partial<PushNetwork>;
  /** Background and scheduled work (decision 0094): domain code queues a job here instead of firing a promise. */
  jobs: Jobs;
  /**
   * Tests only: called at each step of an Idempotency-Key request (`claimed` before the handler, `handled` after
   * it, `stored` once the response is written, `committed` after the commit); throwing simulates a failure there.
   */
  faultHook?: (step: IdempotencyStep) => void | Promise<void>;
};

/** The steps of an Idempotency-Key request that a test can fail (`AppDeps.faultHook`). */
export type IdempotencyStep = 'claimed' | 'handled' | 'stored' | 'committed';
