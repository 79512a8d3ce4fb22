/**
 * Admin contract of a sweepstake (spec §3 Sweepstake): the body of `POST /api/admin/sweepstakes`, field by field
 * of `PATCH /api/admin/sweepstakes/{id}` (merged onto the stored sweepstake and validated again), and the item the
 * admin API answers. Rules: `endsAt` after `startsAt`; entry cost > 0; at most `maxEntriesPerUser` entries per
 * member (null = no limit, else >= 1); at least one winner.
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

export const AdminSweepstakeSchema = SweepstakeFieldsSchema.extend(adminItemFields);
export const AdminSweepstakeResponseSchema = envelope(AdminSweepstakeSchema);
export const AdminSweepstakeListResponseSchema = listEnvelope(AdminSweepstakeSchema);
