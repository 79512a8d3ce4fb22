/**
 * Local sign-in (ARCHITECTURE §3, decision 0043): e-mail one-time codes and sessions.
 *
 * - A code is 6 digits from `crypto.randomInt`, stored as HMAC-SHA256 (AUTH_SECRET), valid 10 minutes, single-use.
 *   Asking for a new code keeps the earlier ones alive (up to 5 live codes per e-mail, the oldest retired first),
 *   so someone who asks for codes in a victim's name cannot cancel the code the victim holds.
 * - Sends are limited per e-mail only (a cooldown and a 15-minute allowance, env `SIGNIN_EMAIL_*`): thousands of
 *   fans share a few stadium addresses, so a per-address send limit would lock a crowd out.
 * - Guessing is limited by failures: each wrong code counts against every live code of the e-mail (dead at 5),
 *   against the e-mail (`SIGNIN_EMAIL_FAILURES_PER_15_MIN`) and against the client address
 *   (`SIGNIN_ADDRESS_FAILURES_PER_15_MIN`, large). A right code spends nothing, and the send limits never stop a
 *   person from using a code they already hold.
 * - A suspended member's right code answers 403 AccountSuspended (decision 0053), and opens no session.
 * - Known and unknown e-mails get the same answers (no enumeration). A right code for an unknown e-mail creates
 *   the member. A session token is 32 random bytes (base64url), stored as SHA-256, valid 400 days.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SessionGrant } from '../../src/contracts/session';
import type { Db, DbOrTx } from '../db/client';
import { prepareStatement } from '../db/queries';
import { otpCodes, rateLimits, sessions, users } from '../db/schema';
import type { Env } from '../env';
import { generateOtpCode, generateToken, hashOtpCode, sameDigest, sha256 } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import { isSuspended } from '../../src/rules/suspension';
import { bootstrapsOperator } from './operators';
import { assertNotSuspended } from './suspension';
import type { AppDeps, OrganizationRow } from '../lib/types';
import {
  rateLimitHits,
  rateLimitValues,
  refuseExhausted,
  refuseOverLimit,
  type HitRow,
  type RateLimitCounter,
  type RateLimitRule,
} from './rate-limit';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;
/** Live (unused, unexpired) codes kept per e-mail; a sixth retires the oldest. */
const OTP_MAX_LIVE_CODES = 5;
const SESSION_TTL_MS = 400 * 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const WINDOW_MS = 15 * MINUTE;

/** The rate-limit buckets named after one e-mail: send cooldown, send allowance, failures. */
function emailBuckets(organizationId: string, email: string) {
  return {
    cooldown: `otp-email-cooldown:${organizationId}:${email}`,
    codes: `otp-email-15m:${organizationId}:${email}`,
    failures: `otp-fail-email:${organizationId}:${email}`,
  };
}

/**
 * Forgets the sign-in state kept under an e-mail (its codes and rate-limit counters), for an erased account
 * (decision 0053): the e-mail is personal data and must not outlive the account.
 */
export async function forgetSignInEmail(tx: DbOrTx, organizationId: string, email: string): Promise<void> {
  await tx.delete(otpCodes).where(and(eq(otpCodes.organizationId, organizationId), eq(otpCodes.email, email)));
  await tx.delete(rateLimits).where(inArray(rateLimits.bucket, Object.values(emailBuckets(organizationId, email))));
}

/** The limits of one request for a code, per-e-mail only, in the order they are counted. */
function sendRules(env: Env, organizationId: string, email: string): RateLimitRule[] {
  const buckets = emailBuckets(organizationId, email);
  return [
    { bucket: buckets.cooldown, limit: 1, windowMs: env.SIGNIN_EMAIL_COOLDOWN_SECONDS * 1000 },
    { bucket: buckets.codes, limit: env.SIGNIN_EMAIL_CODES_PER_15_MIN, windowMs: WINDOW_MS },
  ];
}

/** The limits on failed verifications: per e-mail, then per client address. */
function failureRules(env: Env, organizationId: string, email: string, clientIp: string): RateLimitRule[] {
  return [
    { bucket: emailBuckets(organizationId, email).failures, limit: env.SIGNIN_EMAIL_FAILURES_PER_15_MIN, windowMs: WINDOW_MS },
    { bucket: `otp-fail-ip:${clientIp}`, limit: env.SIGNIN_ADDRESS_FAILURES_PER_15_MIN, windowMs: WINDOW_MS },
  ];
}

/** 401 InvalidCode: wrong, expired, used-up or unknown code (one answer for all, no hints). */
const invalidCode = () => new ApiError(401, 'InvalidCode', 'This code is not valid. Check it or ask for a new one.');

/**
 * Issues and delivers a sign-in code for `email` in `organization`, keeping earlier live codes.
 * @throws ApiError 429 TooManyRequests (with Retry-After) when a per-e-mail limit is reached
 */
export async function requestSignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string },
): Promise<void> {
  const { clock } = deps;
  const { organization, email } = input;
  const now = clock();
  const rules = sendRules(deps.env, organization.id, email);
  const code = generateOtpCode();
  const { rows } = await deps.queries.signInCodeRequest.execute({
    ...rateLimitValues(rules, now),
    organizationId: organization.id,
    email,
    codeHash: hashOtpCode(deps.env.AUTH_SECRET, email, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
  });
  refuseOverLimit(rules, rows, now);
  await deps.mailer.sendSignInCode({
    email,
    code,
    organizationName: organization.name,
    expiresInMinutes: OTP_TTL_MS / MINUTE,
  });
}

/**
 * Unused, unexpired codes of the e-mail that still have guesses left, for statements with the placeholders
 * `organizationId`, `email` and `now` (ISO).
 */
const liveCodes = and(
  eq(otpCodes.organizationId, sql.placeholder('organizationId')),
  eq(otpCodes.email, sql.placeholder('email')),
  isNull(otpCodes.consumedAt),
  gt(otpCodes.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
  lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
);

/**
 * The sign-in statements, built and prepared once per database (decision 0067): each is one round trip, and
 * PostgreSQL parses and plans it once per connection. Values are passed by name to `execute`. Takes the env for the
 * number of send and failure limits (`sendRules`, `failureRules`), which the statements count.
 */
export function prepareSignInStatements(db: Db, env: Env) {
  const sendLimits = sendRules(env, '', '').length;
  const failureLimits = failureRules(env, '', '', '').length;
  const allowed = sql`not exists (select 1 from hits where not allowed)`;
  const surplus = db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(liveCodes)
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .offset(OTP_MAX_LIVE_CODES - 1);
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const r = rateLimits;
  return {
    /**
     * A code request, `{organizationId, email, codeHash, expiresAt, ...rateLimitValues(sendRules)}` -> the rows of
     * `hits`. No transaction, so a crowd's requests stay cheap: the send limits are counted, and only when both
     * allow is the new code written and are live codes beyond the newest few retired (concurrent sends for one
     * e-mail are already stopped by its cooldown). The retirement does not see the new row (one snapshot), hence
     * one fewer kept among the earlier codes.
     */
    signInCodeRequest: prepareStatement<HitRow>(
      db,
      'podium_sign_in_code_request',
      sql`with ${rateLimitHits(sendLimits, true)},
        issued as (
          insert into ${otpCodes} (organization_id, email, code_hash, expires_at, created_at)
          select ${sql.placeholder('organizationId')}::uuid, ${sql.placeholder('email')}::text,
            ${sql.placeholder('codeHash')}::text, ${sql.placeholder('expiresAt')}::timestamptz, ${now}
          where ${allowed}
        ), retired as (
          update ${otpCodes} set consumed_at = ${now} where ${inArray(otpCodes.id, surplus)} and ${allowed}
        )
        select * from hits`,
    ),
    /**
     * What a code verification reads, `{organizationId, email, now, buckets}`: the counters of the failure limits
     * (`buckets`), the live codes of the e-mail and the member's suspension (null for an unknown e-mail), as json.
     */
    signInState: prepareStatement<SignInStateRow>(
      db,
      'podium_sign_in_state',
      sql`select
        (select coalesce(json_agg(json_build_object('bucket', ${r.bucket}, 'count', ${r.count}, 'windowStart', ${r.windowStart})), '[]'::json)
          from ${r} where ${r.bucket} = any(${sql.placeholder('buckets')}::text[])) as counters,
        (select coalesce(json_agg(json_build_object('id', ${otpCodes.id}, 'codeHash', ${otpCodes.codeHash})), '[]'::json)
          from ${otpCodes} where ${liveCodes}) as codes,
        (select json_build_object('suspendedAt', ${users.suspendedAt}, 'suspendedUntil', ${users.suspendedUntil})
          from ${users} where ${and(eq(users.organizationId, sql.placeholder('organizationId')), eq(users.email, sql.placeholder('email')))}) as member`,
    ),
    /**
     * `{organizationId, email, now, ids, matchId, role, tokenHash, expiresAt}` -> `[{is_new}]`, or no row when the
     * right code (`matchId`) was consumed or retired meanwhile. Consumes the live codes `ids` and, when `matchId` was
     * among them, finds or creates the member and opens a session. The update takes each code's row lock and
     * re-checks it is live, so of two requests with one code only the first consumes it. `do update` (a no-op)
     * rather than `do nothing` answers the existing member's row too, even one created by a concurrent first
     * sign-in after this statement's snapshot.
     */
    openSession: prepareStatement<{ is_new: boolean }>(
      db,
      'podium_open_session',
      sql`with consumed as (
          update ${otpCodes} set consumed_at = ${now}
          where ${otpCodes.id} = any(${sql.placeholder('ids')}::uuid[]) and ${liveCodes}
          returning ${otpCodes.id}
        ),
        member as (
          insert into ${users} (organization_id, email, role, created_at, updated_at)
          select ${sql.placeholder('organizationId')}::uuid, ${sql.placeholder('email')}::text, ${sql.placeholder('role')}::text, ${now}, ${now}
          where exists (select 1 from consumed where id = ${sql.placeholder('matchId')}::uuid)
          on conflict (organization_id, email) do update
            set email = excluded.email, role = case when excluded.role = 'operator' then 'operator' else ${users}.role end
          returning id, onboarded_at
        ),
        opened as (
          insert into ${sessions} (user_id, token_hash, expires_at, created_at)
          select id, ${sql.placeholder('tokenHash')}::text, ${sql.placeholder('expiresAt')}::timestamptz, ${now} from member
          returning user_id
        )
        select (member.onboarded_at is null) as is_new from member join opened on opened.user_id = member.id`,
    ),
    /** Counts a failed verification, `rateLimitValues(failureRules)` -> the rows of `hits` (nothing refused here). */
    signInFailureHits: prepareStatement<HitRow>(db, 'podium_sign_in_failure_hits', sql`with ${rateLimitHits(failureLimits, false)} select * from hits`),
  };
}

/** A row of `signInState`, as PostgreSQL's json gives it. */
type SignInStateRow = {
  counters: Array<{ bucket: string; count: number; windowStart: string }>;
  codes: Array<{ id: string; codeHash: string }>;
  member: { suspendedAt: string | null; suspendedUntil: string | null } | null;
};

/**
 * Checks `code` against the live codes of `email` and opens a session; creates the member on first sign-in.
 * A right code consumes every live code of the e-mail; a wrong one counts against all of them and against the
 * failure limits.
 * @returns the session grant (the only time the plain token exists)
 * @throws ApiError 401 InvalidCode; 403 AccountSuspended for a suspended member's right code (decision 0053); 429
 *   TooManyRequests when the e-mail or the address has failed too often
 */
export async function verifySignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; code: string; clientIp: string },
): Promise<SessionGrant> {
  const { organization, email, code } = input;
  const now = deps.clock();
  const failures = failureRules(deps.env, organization.id, email, input.clientIp);
  const state = await signInState(deps, { organizationId: organization.id, email, buckets: failures.map((rule) => rule.bucket), now });
  refuseExhausted(failures, state.counters, now);
  const codeHash = hashOtpCode(deps.env.AUTH_SECRET, email, code);
  const live = state.codes;
  const ids = live.map((r) => r.id);
  const match = live.find((r) => sameDigest(codeHash, r.codeHash));
  // Only a right code learns that the account is suspended, so the answer tells nothing to someone guessing.
  if (match && state.member && isSuspended(state.member, now)) {
    await deps.db.update(otpCodes).set({ consumedAt: now }).where(inArray(otpCodes.id, ids));
    assertNotSuspended(state.member, now);
  }
  const grant = match ? await openSession(deps, { organizationId: organization.id, email, ids, matchId: match.id, now, operator: await bootstrapsOperator(deps.db, deps.env, organization.id, email) }) : null;
  if (!grant) {
    // Wrong guesses count against every live code of the e-mail (`attempts + 1` is atomic), then against the limits.
    if (ids.length && !match) await deps.db.update(otpCodes).set({ attempts: sql`${otpCodes.attempts} + 1` }).where(inArray(otpCodes.id, ids));
    await deps.queries.signInFailureHits.execute(rateLimitValues(failures, now));
    throw invalidCode();
  }
  return grant;
}

/** What a code verification reads, in one statement (`signInState` of `prepareSignInStatements`). */
async function signInState(
  deps: AppDeps,
  input: { organizationId: string; email: string; buckets: string[]; now: Date },
): Promise<{
  counters: RateLimitCounter[];
  codes: Array<{ id: string; codeHash: string }>;
  member: { suspendedAt: Date | null; suspendedUntil: Date | null } | undefined;
}> {
  const { organizationId, email, buckets } = input;
  const [row] = (await deps.queries.signInState.execute({ organizationId, email, buckets, now: input.now.toISOString() })).rows;
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    counters: row.counters.map((c) => ({ bucket: c.bucket, count: Number(c.count), windowStart: new Date(c.windowStart) })),
    codes: row.codes,
    member: row.member ? { suspendedAt: date(row.member.suspendedAt), suspendedUntil: date(row.member.suspendedUntil) } : undefined,
  };
}

/**
 * Consumes the e-mail's live codes `ids` and, when the right one (`matchId`) was still live, finds or creates the
 * member and opens a session: one statement (`openSession` of `prepareSignInStatements`), so no transaction is
 * needed, and the code is single-use under concurrency.
 * @returns the grant, or null when the code was consumed or retired meanwhile
 */
async function openSession(
  deps: AppDeps,
  input: { organizationId: string; email: string; ids: string[]; matchId: string; now: Date; operator: boolean },
): Promise<SessionGrant | null> {
  const { organizationId, email, ids, matchId, now } = input;
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const nowIso = now.toISOString();
  const [row] = (
    await deps.queries.openSession.execute({
      organizationId,
      email,
      ids,
      matchId,
      now: nowIso,
      role: input.operator ? 'operator' : 'member',
      tokenHash: sha256(token),
      expiresAt: expiresAt.toISOString(),
    })
  ).rows;
  if (!row) return null;
  return { token, isNewUser: row.is_new, sessionStart: nowIso, expiresAt: expiresAt.toISOString() } satisfies SessionGrant;
}

/** Ends one session (logout). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
