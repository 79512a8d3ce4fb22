/**
 * Types shared by the app, its middlewares and route modules: dependencies handed to `createApp`, the
 * request principal, and the Hono environment (`c.get('principal')`, `c.get('language')`).
 */
import type { Db } from '../db/client';
import type { ChallengeCache } from '../db/challenge-cache';
import type { OrganizationCache, OrganizationRow, RankRow } from '../db/organization-cache';
import type { users } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import type { Queries } from '../db/queries';
import type { prepareChallengeStatements } from '../areas/challenges/challenges.statements';
import type { createCheckinBatches, prepareCheckinStatements } from '../areas/checkin/checkin.statements';
import type { prepareSignInStatements } from '../areas/session/session.statements';
import type { prepareRateLimitStatements } from './rate-limit';
import type { createSessionLoader } from '../db/session-loader';
import type { createIdempotencyClaimer } from '../db/idempotency-claims';
import type { createRequestGroups } from '../db/request-groups';
import type { MediaStorage } from '../lib/storage/media-object';
import type { PushNetwork } from '../areas/push/push-endpoint';
import type { Jobs } from './job-types';

/** The current time; injected so tests can move the clock. */
export type Clock = () => Date;

export type { OrganizationRow, RankRow };
export type UserRow = typeof users.$inferSelect;

/**
 * Who is calling: a signed-in member, or a visitor holding the organization's public key; with the organization's
 * ranks by threshold ascending (both from the organization cache, as of this request's session read).
 */
export type Principal =
  | { kind: 'user'; organization: OrganizationRow; ranks: RankRow[]; user: UserRow; sessionId: string }
  | { kind: 'visitor'; organization: OrganizationRow; ranks: RankRow[] };

/** Everything a route module needs; built once per app. */
export type AppDeps = {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  queries: Queries &
    ReturnType<typeof prepareCheckinStatements> &
    ReturnType<typeof prepareChallengeStatements> &
    ReturnType<typeof prepareSignInStatements> &
    ReturnType<typeof prepareRateLimitStatements>;
  /** Session lookups of concurrent requests, batched into one statement (decision 0063). */
  sessions: ReturnType<typeof createSessionLoader>;
  /** Idempotency-Key claims of concurrent requests, written by one statement (decision 0065). */
  idempotencyClaims: ReturnType<typeof createIdempotencyClaimer>;
  /** The check-in's statements, batched per transaction and turn (decision 0066). */
  checkins: ReturnType<typeof createCheckinBatches>;
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

export type AppEnv = {
  Variables: {
    principal: Principal;
    language: string;
    /** Set by a handler whose response must not be kept for Idempotency-Key replays (it holds a secret). */
    idempotencyNoStore?: boolean;
    /**
     * Set by a middleware that consumed the body before the Idempotency-Key middleware (a streamed upload): the
     * request's fingerprint in place of the body's SHA-256.
     */
    idempotencyFingerprint?: string;
    /**
     * The text of the answer `sendData` made, beside that answer: the Idempotency-Key middleware keeps it for
     * replays without reading the body back (which would turn the answer into a stream).
     */
    sentText?: { response: Response; text: string };
  };
};
