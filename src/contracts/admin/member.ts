/**
 * Admin contract of members: `GET /api/admin/members?q=&page=&pageSize=` (search by e-mail, name or username,
 * newest first), `GET /api/admin/members/{id}`, `GET /api/admin/members/{id}/activity` (ledger, responses,
 * entries, wins, badges, consents, sessions), `POST /api/admin/members/{id}/role {role}` (grant or revoke the
 * operator role; the last operator cannot revoke their own role: 409), and member care:
 * `POST /{id}/adjustments {amount, reason}`, `POST /{id}/suspension {reason, until?}` / `DELETE /{id}/suspension`,
 * `GET /{id}/export` and `DELETE /{id}` (erasure).
 */
import { z } from 'zod';
import { DateOnlySchema, envelope, TimestampSchema } from '../common';
import { TransactionSchema } from '../user';
import { RankCodeSchema } from '../organization';
import { AdminListQuerySchema, listEnvelope, requiredText } from './common';

const MemberRoleSchema = z.enum(['member', 'operator']);

/** `GET /api/admin/members` query. */
export const MemberListQuerySchema = AdminListQuerySchema.omit({ status: true }).extend({ role: MemberRoleSchema.optional() });

/** A member as operators see them. */
export const AdminMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: MemberRoleSchema,
  points: z.number().int(),
  lifetimePoints: z.number().int(),
  rank: RankCodeSchema,
  createdAt: TimestampSchema,
  phoneNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  birthday: DateOnlySchema.nullable(),
  /** When the member was suspended (null = never, or lifted); judged with `src/rules/suspension.ts`. */
  suspendedAt: TimestampSchema.nullable(),
  /** End of the suspension (null = until lifted). */
  suspendedUntil: TimestampSchema.nullable(),
  suspensionReason: z.string().nullable(),
  /** When the account was erased (personal fields are then empty). */
  deletedAt: TimestampSchema.nullable(),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;
export const AdminMemberResponseSchema = envelope(AdminMemberSchema);
export const AdminMemberListResponseSchema = listEnvelope(AdminMemberSchema);

/** `POST /api/admin/members/{id}/role` body. */
export const MemberRoleChangeSchema = z.object({ role: MemberRoleSchema }).strict();

/** Largest adjustment, either way, in points. */
const MAX_ADJUSTMENT = 1_000_000;
/** Longest reason of an adjustment or a suspension, in characters. */
export const MAX_CARE_REASON = 200;

/**
 * `POST /api/admin/members/{id}/adjustments` body: a signed whole number of points (never 0) and the reason the
 * member reads in their history.
 */
export const AdjustmentInputSchema = z
  .object({
    amount: z
      .number()
      .int('A whole number of points')
      .min(-MAX_ADJUSTMENT)
      .max(MAX_ADJUSTMENT)
      .refine((v) => v !== 0, 'An adjustment cannot be 0'),
    reason: requiredText(MAX_CARE_REASON),
  })
  .strict();
/** `POST /api/admin/members/{id}/adjustments` answer: the ledger row written and the member after it. */
export const AdjustmentResponseSchema = envelope(z.object({ transaction: TransactionSchema, member: AdminMemberSchema }));

/** `POST /api/admin/members/{id}/suspension` body: why, and until when (absent = until lifted). */
export const SuspensionInputSchema = z
  .object({
    reason: requiredText(MAX_CARE_REASON),
    until: TimestampSchema.optional(),
  })
  .strict();

/** One challenge response of a member, as operators see it. */
const MemberResponseSchema = z.object({
  challengeId: z.string(),
  challengeTitle: z.string(),
  response: z.string().nullable(),
  responseIndex: z.number().int().nullable(),
  correct: z.boolean().nullable(),
  pointsAwarded: z.number().int(),
  answeredAt: TimestampSchema,
});

/** A member's record for operators: the ledger (newest first, up to 200 rows) and what they took part in. */
export const MemberActivitySchema = z.object({
  transactions: z.array(TransactionSchema),
  responses: z.array(MemberResponseSchema),
  entries: z.array(
    z.object({
      sweepstakeId: z.string(),
      sweepstakeTitle: z.string(),
      count: z.number().int(),
      pointsSpent: z.number().int(),
      createdAt: TimestampSchema,
    }),
  ),
  wins: z.array(
    z.object({
      sweepstakeId: z.string(),
      sweepstakeTitle: z.string(),
      place: z.number().int(),
      drawnAt: TimestampSchema,
      claimedAt: TimestampSchema.nullable(),
      replacedAt: TimestampSchema.nullable(),
    }),
  ),
  badges: z.array(z.object({ badgeId: z.string(), name: z.string(), createdAt: TimestampSchema })),
  consents: z.array(
    z.object({ consentId: z.string(), key: z.string(), name: z.string(), value: z.number().int(), updatedAt: TimestampSchema }),
  ),
  /** Sessions: how many are open, and when each was opened and expires (never their tokens). */
  sessions: z.array(z.object({ createdAt: TimestampSchema, expiresAt: TimestampSchema })),
});
export type MemberActivity = z.infer<typeof MemberActivitySchema>;
export const MemberActivityResponseSchema = envelope(MemberActivitySchema);
