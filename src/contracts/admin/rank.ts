/**
 * Admin contract of the ranks P10..P1 (spec §9): `GET /api/admin/ranks` lists them lowest first;
 * `PATCH /api/admin/ranks/{code}` changes a rank's title, threshold and French title. The ladder after the change
 * must pass `rankLadderProblems` (src/rules/rank.ts: P10 at 0, thresholds strictly increasing up to P1).
 */
import { z } from 'zod';
import { envelope, TextSchema } from '../common';
import { RankCodeSchema } from '../organization';
import { requiredText, translationsOf } from './common';

/** What an operator writes about one rank. */
export const RankFieldsSchema = z.object({
  title: requiredText(60),
  /** Lifetime points needed to hold the rank. */
  threshold: z.number().int().min(0, 'Cannot be negative').max(100_000_000),
  translations: translationsOf({ title: TextSchema.trim().max(60) }),
});

/** `PATCH /api/admin/ranks/{code}` body: any of the fields. */
export const RankPatchSchema = RankFieldsSchema.partial().strict();

/** A rank as the admin API answers it. */
export const AdminRankSchema = RankFieldsSchema.extend({ code: RankCodeSchema });
export type AdminRank = z.infer<typeof AdminRankSchema>;
export const AdminRankResponseSchema = envelope(AdminRankSchema);
export const AdminRankListResponseSchema = envelope(z.array(AdminRankSchema));
