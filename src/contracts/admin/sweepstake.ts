/**
 * Admin contract of a sweepstake (spec §3 Sweepstake): the body of `POST /api/admin/sweepstakes`, field by field
 * of `PATCH /api/admin/sweepstakes/{id}` (merged onto the stored sweepstake and validated again), and the item the
 * admin API answers. Rules: `endsAt` after `startsAt`; entry cost > 0; at most `maxEntriesPerUser` entries per
 * member (null = no limit, else >= 1); at least one winner;
 * a claim period of 1 to 365 days.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import { adminItemFields, ItemKeySchema, listEnvelope, MediaRefSchema, optionalText, requiredText, translationsOf } from './common';

const SweepstakeFieldsSchema = z.object({
  key: ItemKeySchema.nullable().default(null),
  title: requiredText(200),
  description: optionalText(4000),
  /** What the winners get, one line. */
  prize: optionalText(300),
  mediaId: MediaRefSchema.nullable().default(null),
  startsAt: TimestampSchema,
  endsAt: TimestampSchema,
  /** Points per entry. */
  entryCost: z.number().int().min(1, 'At least 1 point').max(1_000_000),
  maxEntriesPerUser: z.number().int().min(1, 'At least 1, or null for no limit').max(1_000_000).nullable().default(null),
  winnerCount: z.number().int().min(1, 'At least one winner').max(10_000).default(1),
  /** Days a winner has to claim the prize before an operator may redraw. */
  claimDays: z.number().int().min(1, 'At least 1 day').max(365).default(14),
  /** Official rules (plain text). */
  rules: optionalText(20_000),
  /** Readable by visitors. */
  isPublic: z.boolean().default(true),
  draft: z.boolean().default(false),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  translations: translationsOf({
    title: TextSchema.trim().max(200),
    description: TextSchema.trim().max(4000),
    prize: TextSchema.trim().max(300),
    rules: TextSchema.trim().max(20_000),
  }),
});

/** `POST /api/admin/sweepstakes` body: every field with every rule. */
export const SweepstakeInputSchema = SweepstakeFieldsSchema.superRefine((s, ctx) => {
  if (Date.parse(s.endsAt) <= Date.parse(s.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after startsAt' });
});
export type SweepstakeInputData = z.output<typeof SweepstakeInputSchema>;

/** `PATCH /api/admin/sweepstakes/{id}` body. */
export const SweepstakePatchSchema = SweepstakeFieldsSchema.partial().strict();

/**
 * A sweepstake as the admin API answers it: its fields, its status, and its draw's public state (the seed's
 * commitment; when the draw ran). The seed itself is never part of it, nor of the content document.
 */
export const AdminSweepstakeSchema = SweepstakeFieldsSchema.extend({
  ...adminItemFields,
  seedCommitment: z.string().nullable(),
  drawnAt: TimestampSchema.nullable(),
});
export const AdminSweepstakeResponseSchema = envelope(AdminSweepstakeSchema);
export const AdminSweepstakeListResponseSchema = listEnvelope(AdminSweepstakeSchema);

/** A winner as operators see it: who (e-mail, username), when drawn, notified and claimed, and the claim deadline. */
export const AdminSweepstakeWinnerSchema = z.object({
  id: z.string(),
  place: z.number().int().positive(),
  ticket: z.number().int().nonnegative(),
  userId: z.string(),
  /** Null once the member deleted their account. */
  email: z.string().nullable(),
  username: z.string().nullable(),
  drawnAt: TimestampSchema,
  notifiedAt: TimestampSchema.nullable(),
  claimedAt: TimestampSchema.nullable(),
  replacedAt: TimestampSchema.nullable(),
  claimBy: TimestampSchema,
  /** True when an operator may redraw this place now: unclaimed, not replaced, claim period over. */
  redrawable: z.boolean(),
});
export type AdminSweepstakeWinner = z.infer<typeof AdminSweepstakeWinnerSchema>;

/** `POST /api/admin/sweepstakes/{id}/draw`, `GET .../winners`, `POST .../winners/{winnerId}/redraw` answer. */
export const AdminSweepstakeDrawSchema = z.object({
  sweepstakeId: z.string(),
  drawnAt: TimestampSchema.nullable(),
  seedCommitment: z.string().nullable(),
  /** Revealed once drawn; null before (the seed never leaves the server before the draw). */
  drawSeed: z.string().nullable(),
  /** Tickets in the frozen entry list (0 before the draw). */
  tickets: z.number().int().nonnegative(),
  /**
   * Members taking part: before the draw, those whose entries a draw run now would count (not suspended, not
   * underage, not deleted); once drawn, those of the frozen entry list. Shown in the draw's confirmation.
   */
  entrants: z.number().int().nonnegative(),
  /** Entries (tickets) of those members, counted the same way. */
  entries: z.number().int().nonnegative(),
  winners: z.array(AdminSweepstakeWinnerSchema),
});
export type AdminSweepstakeDraw = z.infer<typeof AdminSweepstakeDrawSchema>;
export const AdminSweepstakeDrawResponseSchema = envelope(AdminSweepstakeDrawSchema);
