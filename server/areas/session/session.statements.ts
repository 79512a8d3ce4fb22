/**
 * The sign-in statements (a code request, a verification's claim of tries, opening a session), prepared once per
 * app by the service (`deps.prepared(prepareSignInStatements)`), with the limits and code conditions they are built
 * from.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepareStatement } from '../../db/runtime';
import { otpCodes, rateLimits, sessions, users } from '../../db/schema';
import type { Env } from '../../env';
import { mailboxBuckets } from '../../kernel/sign-in-records';
import { rateLimitHits, type HitRow, type RateLimitRule } from '../../kernel/rate-limit';

/** Tries of one code; it is dead after the last. */
const OTP_MAX_ATTEMPTS = 5;
/** Live (unused, unexpired) codes kept per e-mail; a sixth retires the oldest. */
const OTP_MAX_LIVE_CODES = 5;
export const MINUTE = 60 * 1000;
/** The window of the address and mailbox limits (ms). */
export const WINDOW_MS = 15 * MINUTE;
const DAY_MS = 24 * 60 * MINUTE;

/**
 * The limits of one request for a code, in the order they are counted: the client address's
 * ceiling first, so that a request it refuses spends none of the mailbox's allowance; then the mailbox's cooldown,
 * 15-minute and 24-hour allowances. `name` tells the app which limit refused (`details.limit` of the 429).
 */
export function sendRules(env: Env, organizationId: string, email: string, clientIp: string): RateLimitRule[] {
  const buckets = mailboxBuckets(organizationId, email);
  return [
    { bucket: `otp-send-ip:${clientIp}`, limit: env.SIGNIN_ADDRESS_CODES_PER_15_MIN, windowMs: WINDOW_MS, name: 'address' },
    { bucket: buckets.cooldown, limit: 1, windowMs: env.SIGNIN_EMAIL_COOLDOWN_SECONDS * 1000 },
    { bucket: buckets.codes, limit: env.SIGNIN_EMAIL_CODES_PER_15_MIN, windowMs: WINDOW_MS },
    { bucket: buckets.day, limit: env.SIGNIN_EMAIL_CODES_PER_DAY, windowMs: DAY_MS, name: 'mailboxDay' },
  ];
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

/** A code as `signInAttempt` reads it: `claimed` when that verification took one of its tries. */
export type AttemptCode = { id: string; codeHash: string; claimed: boolean };

/** A row of `signInAttempt`, as PostgreSQL's json gives it. */
type SignInAttemptRow = {
  counter: { count: number; windowStart: string } | null;
  codes: AttemptCode[];
  member: { suspendedAt: string | null; suspendedUntil: string | null } | null;
};

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
