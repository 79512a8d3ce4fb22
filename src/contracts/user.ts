/**
 * User and points-ledger wire format: spec §3 (User), §5 (profile save), §7; ARCHITECTURE §4.
 */
import { z } from 'zod';
import { DateOnlySchema, envelope, jsonObjectSchema, TextSchema, TimestampSchema } from './common';
import { RankCodeSchema } from './organization';

/** A member's role: `operator`s run the organization's program (`/api/admin`, the console). */
export const UserRoleSchema = z.enum(['member', 'operator']);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const UserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  /** `YYYY-MM-DD` or null. Immutable once set (ARCHITECTURE §5). */
  birthday: DateOnlySchema.nullable(),
  properties: z.record(z.string(), z.unknown()),
  /** URL of the avatar image (fetched as binary), or null. */
  avatarUrl: z.string().nullable(),
  /** Spendable balance, in points; never below 0. */
  points: z.number().int().nonnegative(),
  /** Lifetime earned points; drives the rank. */
  lifetimePoints: z.number().int().nonnegative(),
  rank: RankCodeSchema,
  /** True until the member completes onboarding (/welcome). */
  isNewUser: z.boolean(),
  createdAt: TimestampSchema,
  /** `operator` for the people who run the program (the console at `/admin`), else `member`. */
  role: UserRoleSchema,
  /**
   * The member's next points expiry (src/rules/points-expiry.ts): how many points expire on which day (`YYYY-MM-DD`,
   * the organization's time zone); null when nothing will expire.
   */
  nextExpiry: z.object({ points: z.number().int().positive(), on: DateOnlySchema }).nullable(),
});
export type User = z.infer<typeof UserSchema>;
export const UserResponseSchema = envelope(UserSchema);

const optionalText = (max: number) => TextSchema.trim().max(max).nullable().optional();

/** Largest `properties` object accepted, as UTF-8 JSON. */
export const MAX_PROPERTIES_BYTES = 16 * 1024;

/**
 * `PATCH /user/me`. Empty phoneNumber / birthday are sent as null (spec §5).
 * Setting `birthday` when one is already stored (to another value) is 422 BirthdayImmutable.
 */
export const UserUpdateSchema = z
  .object({
    username: TextSchema.trim()
      .min(3)
      .max(30)
      .regex(/^[\p{L}\p{N}_.-]+$/u, 'Letters, digits, dot, dash and underscore only')
      .nullable()
      .optional(),
    firstName: optionalText(60),
    lastName: optionalText(60),
    phoneNumber: TextSchema.max(20)
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'Not a phone number')
      .nullable()
      .optional(),
    zipCode: optionalText(12),
    birthday: DateOnlySchema.nullable().optional(),
    properties: jsonObjectSchema(MAX_PROPERTIES_BYTES).optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/** Why points moved (ARCHITECTURE §4). */
export const TransactionReasonSchema = z.enum([
  'checkin',
  'challenge',
  'trivia',
  'video_view',
  'article_read',
  'story_chapter_view',
  'sweepstake_entry',
  'activation',
  'adjustment',
  'challenge_result',
  'venue_checkin',
  'reward_redemption',
  'reward_refund',
  'expired',
  'referral',
]);
export type TransactionReason = z.infer<typeof TransactionReasonSchema>;

export const TransactionSchema = z.object({
  id: z.string(),
  /** Signed, in points: positive earns, negative spends. */
  amount: z.number().int(),
  reason: TransactionReasonSchema,
  /** What earned or spent it, e.g. `checkin:2026-11-22`, `challenge:<id>`. */
  reference: z.string(),
  /** Human-readable label (e.g. the challenge title), may be null. */
  label: z.string().nullable(),
  /** Balance after this row, in points. */
  balanceAfter: z.number().int().nonnegative(),
  createdAt: TimestampSchema,
});
export type Transaction = z.infer<typeof TransactionSchema>;
export const TransactionListResponseSchema = envelope(z.array(TransactionSchema));

/** `GET /user/me/transactions?limit=&before=`: newest first. */
export const TransactionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: TimestampSchema.optional(),
});
