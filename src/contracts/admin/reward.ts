/**
 * Admin contract of a reward of the catalogue: the body of `POST /api/admin/rewards`, field by field
 * of `PATCH /api/admin/rewards/{id}` (merged onto the stored reward and validated again), and the item the admin API
 * answers. Rules: cost > 0; `stock` null (unlimited) or >= 0, and null for a `code` reward (its pool of codes is its
 * stock); `limitPerMember` null or >= 1; `endsAt` after `startsAt`. `addCodes` adds codes to a `code` reward's pool
 * (pasted one per line, or a CSV whose first column holds them: `parseCodeList`); it is write-only: an item answers
 * how many codes are left and in all, never the codes themselves.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import { RankCodeSchema } from '../organization';
import { RewardFulfilmentSchema } from '../reward';
import { adminItemFields, ItemKeySchema, listEnvelope, MediaRefSchema, optionalText, requiredText, translationsOf } from './common';

/** Longest code, in characters. */
const MAX_CODE_LENGTH = 100;
/** Most codes one change may add. */
const MAX_CODES_PER_CHANGE = 10_000;

/**
 * The codes of a pasted list or CSV file: the first cell of each line (a CSV cell may be quoted), trimmed; blank
 * lines, a `code` header and repeats are left out. Takes the text, returns the codes in order.
 */
export function parseCodeList(text: string): string[] {
  const codes = new Set<string>();
  for (const line of text.split(/\r\n|\n|\r/)) {
    const quoted = /^\s*"((?:[^"]|"")*)"/.exec(line);
    const cell = (quoted ? quoted[1].replace(/""/g, '"') : line.split(/[,;\t]/)[0]).trim();
    if (cell && cell.toLowerCase() !== 'code') codes.add(cell);
  }
  return [...codes];
}

const RewardFieldsSchema = z.object({
  key: ItemKeySchema.nullable().default(null),
  title: requiredText(200),
  description: optionalText(4000),
  mediaId: MediaRefSchema.nullable().default(null),
  /** Points a redemption spends. */
  cost: z.number().int().min(1, 'At least 1 point').max(1_000_000),
  fulfilment: RewardFulfilmentSchema,
  /** Items on offer in all; null = unlimited. A `code` reward's stock is its pool of codes: null. */
  stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
  limitPerMember: z.number().int().min(1, 'At least 1, or empty for no limit').max(1_000).nullable().default(null),
  minRankCode: RankCodeSchema.nullable().default(null),
  startsAt: TimestampSchema.nullable().default(null),
  endsAt: TimestampSchema.nullable().default(null),
  /** Codes to add to the pool (write-only), one per line or a CSV's first column. */
  addCodes: TextSchema.max(1_000_000)
    .default('')
    .refine(
      (text) => parseCodeList(text).every((code) => code.length <= MAX_CODE_LENGTH),
      `A code has at most ${MAX_CODE_LENGTH} characters`,
    )
    .refine((text) => parseCodeList(text).length <= MAX_CODES_PER_CHANGE, `At most ${MAX_CODES_PER_CHANGE} codes at once`),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  draft: z.boolean().default(false),
  translations: translationsOf({ title: TextSchema.trim().max(200), description: TextSchema.trim().max(4000) }),
});

/** `POST /api/admin/rewards` body: every field with every rule. */
export const RewardInputSchema = RewardFieldsSchema.superRefine((r, ctx) => {
  if (r.startsAt && r.endsAt && Date.parse(r.endsAt) <= Date.parse(r.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after startsAt' });
  if (r.fulfilment === 'code' && r.stock !== null)
    ctx.addIssue({ code: 'custom', path: ['stock'], message: 'A code reward’s stock is its codes: leave empty' });
  if (r.fulfilment !== 'code' && r.addCodes.trim())
    ctx.addIssue({ code: 'custom', path: ['addCodes'], message: 'Only a code reward has codes' });
});
export type RewardInputData = z.output<typeof RewardInputSchema>;

/** `PATCH /api/admin/rewards/{id}` body. */
export const RewardPatchSchema = RewardFieldsSchema.partial().strict();

/** A reward as the admin API answers it: its fields, its status and its counts (never its codes). */
export const AdminRewardSchema = RewardFieldsSchema.extend({
  ...adminItemFields,
  /** Redemptions not cancelled. */
  redeemed: z.number().int().nonnegative(),
  /** Codes still in the pool, and in all (0 for the other kinds). */
  codesLeft: z.number().int().nonnegative(),
  codesTotal: z.number().int().nonnegative(),
});
export const AdminRewardResponseSchema = envelope(AdminRewardSchema);
export const AdminRewardListResponseSchema = listEnvelope(AdminRewardSchema);
