/**
 * Local sign-in (ARCHITECTURE §3, decisions 0043 and 0070): e-mail one-time codes and sessions.
 *
 * - A code is 6 digits from `crypto.randomInt`, stored as HMAC-SHA256 (AUTH_SECRET), valid 10 minutes, single-use.
 *   Asking for a new code keeps the earlier ones alive (up to 5 live codes per e-mail, the oldest retired first),
 *   so someone who asks for codes in a victim's name cannot cancel the code the victim holds.
 * - Sends are limited per mailbox (`mailboxOf`: plus-tags and Gmail's dots do not make another mailbox): a cooldown,
 *   a 15-minute and a 24-hour allowance (env `SIGNIN_EMAIL_*`); and per client address by a ceiling sized for a
 *   stadium crowd behind one address (`SIGNIN_ADDRESS_CODES_PER_15_MIN`).
 * - Guessing is limited per code and per address, never per e-mail (a stranger's wrong codes must not refuse the
 *   fan's fresh code): every verification first claims one of the 5 tries of each live code of the e-mail, and is
 *   compared only with the codes it claimed, so no code is ever compared with more than 5 guesses, concurrent ones
 *   included. A wrong code also counts against the client address (`SIGNIN_ADDRESS_FAILURES_PER_15_MIN`, large).
 * - A right code that can no longer be used (used already, by a concurrent repeat too, or out of tries) answers
 *   401 CodeUsedUp and counts as no failure: it is the holder's code, not a guess. The send limits never stop a
 *   person from using a code they already hold.
 * - A suspended member's right code answers 403 AccountSuspended, and opens no session.
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
import { mailboxOf } from '../../src/rules/mailbox';
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
const DAY_MS = 24 * 60 * MINUTE;

/** The rate-limit buckets named after the mailbox of an e-mail (`mailboxOf`): send cooldown and allowances. */
function mailboxBuckets(organizationId: string, email: string) {
  const mailbox = mailboxOf(email);
  return {
    cooldown: `otp-mailbox-cooldown:${organizationId}:${mailbox}`,
    codes: `otp-mailbox-15m:${organizationId}:${mailbox}`,
    day: `otp-mailbox-day:${organizationId}:${mailbox}`,
  };
}

/**
 * Forgets the sign-in state kept under an e-mail (its codes and its mailbox's rate-limit counters), for an erased
 * account: the e-mail is personal data and must not outlive the account.
 */
export async function forgetSignInEmail(tx: DbOrTx, organizationId: string, email: string): Promise<void> {
  await tx.delete(otpCodes).where(and(eq(otpCodes.organizationId, organizationId), eq(otpCodes.email, email)));
  await tx.delete(rateLimits).where(inArray(rateLimits.bucket, Object.values(mailboxBuckets(organizationId, email))));
}

/**
 * The limits of one request for a code, in the order they are counted: the client address's
 * ceiling first, so that a request it refuses spends none of the mailbox's allowance; then the mailbox's cooldown,
 * 15-minute and 24-hour allowances. `name` tells the app which limit refused (`details.limit` of the 429).
 */
function sendRules(env: Env, organizationId: string, email: string, clientIp: string): RateLimitRule[] {
  const buckets = mailboxBuckets(organizationId, email);
  return [
    { bucket: `otp-send-ip:${clientIp}`, limit: env.SIGNIN_ADDRESS_CODES_PER_15_MIN, windowMs: WINDOW_MS, name: 'address' },
    { bucket: buckets.cooldown, limit: 1, windowMs: env.SIGNIN_EMAIL_COOLDOWN_SECONDS * 1000 },
    { bucket: buckets.codes, limit: env.SIGNIN_EMAIL_CODES_PER_15_MIN, windowMs: WINDOW_MS },
    { bucket: buckets.day, limit: env.SIGNIN_EMAIL_CODES_PER_DAY, windowMs: DAY_MS, name: 'mailboxDay' },
  ];
}

/** The limit on failed verifications per client address (none per e-mail, so a stranger cannot block a mailbox). */
function failureRule(env: Env, clientIp: string): RateLimitRule {
  return { bucket: `otp-fail-ip:${clientIp}`, limit: env.SIGNIN_ADDRESS_FAILURES_PER_15_MIN, windowMs: WINDOW_MS, name: 'address' };
}

/** 401 InvalidCode: a wrong, expired or unknown code (one answer for all, no hints). */
const invalidCode = () => new ApiError(401, 'InvalidCode', 'This code is not valid. Check it or ask for a new one.');

/** 401 CodeUsedUp: the right code, but used already or out of tries (it tells a guesser nothing they can use). */
const codeUsedUp = () => new ApiError(401, 'CodeUsedUp', 'This code can no longer be used. Ask for a new one.');

/**
 * Issues and delivers a sign-in code for `email` in `organization`, keeping earlier live codes.
 * @throws ApiError 429 TooManyRequests (with Retry-After; `details.limit` 'address' or 'mailboxDay' for those
 *   limits) when a limit of `sendRules` is reached
 */
export async function requestSignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; clientIp: string },
): Promise<void> {
  const { clock } = deps;
  const { organization, email } = input;
  const now = clock();
  const rules = sendRules(deps.env, organization.id, email, input.clientIp);
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

/** Unexpired codes of the e-mail, for statements with the placeholders `organizationId`, `email` and `now` (ISO). */
const unexpiredCodes = and(
  eq(otpCodes.organizationId, sql.placeholder('organizationId')),
  eq(otpCodes.email, sql.placeholder('email')),
  gt(otpCodes.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
);

/** Unused, unexpired codes of the e-mail (same placeholders). */
const unusedCodes = and(unexpiredCodes, isNull(otpCodes.consumedAt));

/** Unused, unexpired codes of the e-mail that still have tries left (same placeholders). */
const liveCodes = and(unusedCodes, lt(otpCodes.attempts, OTP_MAX_ATTEMPTS));

/**
 * The sign-in statements, built and prepared once per database: each is one round trip, and
 * PostgreSQL parses and plans it once per connection. Values are passed by name to `execute`. Takes the env for the
 * number of send and failure limits (`sendRules`, `failureRules`), which the statements count.
 */
export function prepareSignInStatements(db: Db, env: Env) {
  const sendLimits = sendRules(env, '', '', '').length;
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
     * `hits`. No transaction, so a crowd's requests stay cheap: the send limits are counted, and only when all
     * allow is the new code written and are live codes beyond the newest few retired (concurrent sends for one
     * e-mail are already stopped by its mailbox's cooldown). The retirement does not see the new row (one snapshot), hence
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
     * A code verification's first step, `{organizationId, email, ...rateLimitValues([failureRule])}`: unless the
     * address has no failures left, claims one try of each live code of the e-mail (`attempts + 1` under the row's
     * lock, re-checked, so concurrent verifications never claim more than the tries a code has); and reads, as
     * json, the address's failure counter (null when none), the unexpired codes of the e-mail with whether this
     * statement claimed each, and the member's suspension (null for an unknown e-mail).
     */
    signInAttempt: prepareStatement<SignInAttemptRow>(
      db,
      'podium_sign_in_attempt',
      sql`with claimed as (
          update ${otpCodes} set attempts = ${otpCodes.attempts} + 1
          where ${liveCodes} and not exists (
            select 1 from ${r} where ${r.bucket} = ${sql.placeholder('bucket0')}::text
              and ${r.windowStart} > ${sql.placeholder('cutoff0')}::timestamptz and ${r.count} >= ${sql.placeholder('limit0')}::int)
          returning ${otpCodes.id}
        )
        select
        (select json_build_object('count', ${r.count}, 'windowStart', ${r.windowStart})
          from ${r} where ${r.bucket} = ${sql.placeholder('bucket0')}::text) as counter,
        (select coalesce(json_agg(json_build_object('id', ${otpCodes.id}, 'codeHash', ${otpCodes.codeHash},
            'claimed', exists (select 1 from claimed where claimed.id = ${otpCodes.id}))), '[]'::json)
          from ${otpCodes} where ${unexpiredCodes}) as codes,
        (select json_build_object('suspendedAt', ${users.suspendedAt}, 'suspendedUntil', ${users.suspendedUntil})
          from ${users} where ${and(eq(users.organizationId, sql.placeholder('organizationId')), eq(users.email, sql.placeholder('email')))}) as member`,
    ),
    /**
     * `{organizationId, email, now, ids, matchId, role, tokenHash, expiresAt}` -> `[{is_new}]`, or no row when the
     * right code (`matchId`) was consumed or retired meanwhile. Consumes the unused codes `ids` (the ones this
     * verification claimed a try of, so their tries are not checked again) and, when `matchId` was among them, finds
     * or creates the member and opens a session. The update takes each code's row lock and re-checks it is unused,
     * so of two requests with one code only the first consumes it. `do update` (a no-op)
     * rather than `do nothing` answers the existing member's row too, even one created by a concurrent first
     * sign-in after this statement's snapshot.
     */
    openSession: prepareStatement<{ is_new: boolean }>(
      db,
      'podium_open_session',
      sql`with consumed as (
          update ${otpCodes} set consumed_at = ${now}
          where ${otpCodes.id} = any(${sql.placeholder('ids')}::uuid[]) and ${unusedCodes}
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
  };
}

/** A code as `signInAttempt` reads it: `claimed` when that verification took one of its tries. */
type AttemptCode = { id: string; codeHash: string; claimed: boolean };

/** A row of `signInAttempt`, as PostgreSQL's json gives it. */
type SignInAttemptRow = {
  counter: { count: number; windowStart: string } | null;
  codes: AttemptCode[];
  member: { suspendedAt: string | null; suspendedUntil: string | null } | null;
};

/**
 * Checks `code` against the live codes of `email` and opens a session; creates the member on first sign-in.
 * Every verification spends one try of each live code of the e-mail (dead after 5) and is compared
 * only with the codes it got a try of; a right code consumes them all, a wrong one also counts against the client
 * address. A right code that could not be tried (used, by a concurrent repeat too, or out of tries) counts nothing.
 * @returns the session grant (the only time the plain token exists)
 * @throws ApiError 401 InvalidCode (wrong, expired or unknown code); 401 CodeUsedUp (the right code, used already
 *   or out of tries); 403 AccountSuspended for a suspended member's right code; 429 TooManyRequests
 *   (`details.limit` 'address') when the client address has failed too often
 */
export async function verifySignInCode(
  deps: AppDeps,
  input: { organization: OrganizationRow; email: string; code: string; clientIp: string },
): Promise<SessionGrant> {
  const { organization, email, code } = input;
  const now = deps.clock();
  const failures = failureRule(deps.env, input.clientIp);
  const attempt = await signInAttempt(deps, { organizationId: organization.id, email, failures, now });
  refuseExhausted([failures], attempt.counter ? [attempt.counter] : [], now);
  const codeHash = hashOtpCode(deps.env.AUTH_SECRET, email, code);
  const match = attempt.codes.find((r) => sameDigest(codeHash, r.codeHash));
  if (!match) {
    await deps.queries.failureHit.execute(rateLimitValues([failures], now));
    throw invalidCode();
  }
  if (!match.claimed) throw codeUsedUp();
  const ids = attempt.codes.filter((r) => r.claimed).map((r) => r.id);
  // Only a right code learns that the account is suspended, so the answer tells nothing to someone guessing.
  if (attempt.member && isSuspended(attempt.member, now)) {
    await deps.db.update(otpCodes).set({ consumedAt: now }).where(inArray(otpCodes.id, ids));
    assertNotSuspended(attempt.member, now);
  }
  const grant = await openSession(deps, {
    organizationId: organization.id,
    email,
    ids,
    matchId: match.id,
    now,
    operator: await bootstrapsOperator(deps.db, deps.env, organization.id, email),
  });
  // A concurrent repeat of the same code consumed it first: a replay, not a failure.
  if (!grant) throw codeUsedUp();
  return grant;
}

/** What a code verification claims and reads, in one statement (`signInAttempt` of `prepareSignInStatements`). */
async function signInAttempt(
  deps: AppDeps,
  input: { organizationId: string; email: string; failures: RateLimitRule; now: Date },
): Promise<{
  counter: RateLimitCounter | null;
  codes: AttemptCode[];
  member: { suspendedAt: Date | null; suspendedUntil: Date | null } | undefined;
}> {
  const { organizationId, email, failures, now } = input;
  const [row] = (await deps.queries.signInAttempt.execute({ ...rateLimitValues([failures], now), organizationId, email })).rows;
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    counter: row.counter
      ? { bucket: failures.bucket, count: Number(row.counter.count), windowStart: new Date(row.counter.windowStart) }
      : null,
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
