/**
 * Members (users), their sign-in codes and sessions (ARCHITECTURE §3, local auth mode).
 * E-mails are stored lower-cased; codes and session tokens only as hashes.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamptz } from './columns';
import { organizationRow } from './organizations';

export const users = pgTable(
  'users',
  {
    ...organizationRow(),
    email: text('email').notNull(),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    zipCode: text('zip_code'),
    /** `YYYY-MM-DD`; immutable once set (ARCHITECTURE §5). */
    birthday: date('birthday', { mode: 'string' }),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    avatarMediaId: uuid('avatar_media_id'),
    /** Spendable balance in points; the CHECK keeps it >= 0 even if code goes wrong. */
    points: integer('points').notNull().default(0),
    /** Lifetime earned points (never decreases); drives the rank. */
    lifetimePoints: integer('lifetime_points').notNull().default(0),
    /** Set when onboarding is complete (a username was chosen); null = `isNewUser`. */
    onboardedAt: timestamptz('onboarded_at'),
    /** Subject of an external identity (Supabase `sub`) in supabase auth mode. */
    authSubject: text('auth_subject'),
    /** `member`, or `operator`: runs the organization's program in the console (`/api/admin`). */
    role: text('role').$type<'member' | 'operator'>().notNull().default('member'),
    /** When an operator suspended the member (null = not suspended): no earning, spending, sign-in or draws. */
    suspendedAt: timestamptz('suspended_at'),
    /** End of the suspension; null with `suspendedAt` set = until lifted. */
    suspendedUntil: timestamptz('suspended_until'),
    /** Why the member was suspended (shown to operators, and to the member at sign-in). */
    suspensionReason: text('suspension_reason'),
    /** When the account was deleted (GDPR art. 17): personal fields are erased, ledger rows kept. */
    deletedAt: timestamptz('deleted_at'),
    /**
     * The member number on the member card (decision 0078): given once from a sequence when the row is made, never
     * reused; shown zero-padded (000123). Unique across organizations, so numbers of one club may have gaps.
     */
    memberNumber: integer('member_number').generatedByDefaultAsIdentity(),
    /**
     * True while the member claimed a referral that is not rewarded yet (decision 0092): read with the session, so a
     * check-in or an answer looks for a referral to reward only when this is set.
     */
    referralPending: boolean('referral_pending').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_org_email_uq').on(t.organizationId, t.email),
    uniqueIndex('users_org_username_uq').on(t.organizationId, sql`lower(${t.username})`),
    uniqueIndex('users_org_auth_subject_uq').on(t.organizationId, t.authSubject),
    uniqueIndex('users_member_number_uq').on(t.memberNumber),
    /** The console's figures: members who joined in a period (decision 0056). */
    index('users_org_created_idx').on(t.organizationId, t.createdAt),
    check('users_points_nonnegative', sql`${t.points} >= 0`),
    check('users_role_known', sql`${t.role} in ('member', 'operator')`),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    ...organizationRow(),
    email: text('email').notNull(),
    /** HMAC-SHA256 of the code (hex), keyed with AUTH_SECRET. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Wrong guesses so far; the code is dead at 5. */
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_org_email_idx').on(t.organizationId, t.email, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    /** SHA-256 (hex) of the bearer token. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
