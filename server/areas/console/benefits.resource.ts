/**
 * `/api/admin/benefits`: what each rank unlocks, shown to fans at `GET /api/benefits`. Contract:
 * `src/contracts/admin/benefit.ts`. Nobody earns from a benefit, so a delete deletes.
 */
import { AdminBenefitSchema, BenefitInputSchema, BenefitPatchSchema, type BenefitInputData } from '../../../src/contracts/admin/benefit';
import { benefits } from '../../db/schema';
import { type AdminResource, itemFields } from './resource';

type BenefitRow = typeof benefits.$inferSelect;

/** The benefit resource of the admin API. */
export const benefitResource: AdminResource<BenefitRow, BenefitInputData> = {
  name: 'benefits',
  noun: 'Benefit',
  table: benefits,
  input: BenefitInputSchema,
  patch: BenefitPatchSchema as never,
  item: AdminBenefitSchema,
  search: [benefits.title, benefits.description, benefits.key, benefits.rankCode],
  newest: benefits.createdAt,
  status: { archivedAt: benefits.archivedAt, draft: benefits.draft },
  toValues: (input) => ({ ...input }),
  toInput: (row) => ({
    key: row.key,
    rankCode: row.rankCode,
    title: row.title,
    description: row.description,
    mediaId: row.mediaId,
    sortOrder: row.sortOrder,
    draft: row.draft,
    translations: row.translations as BenefitInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminBenefitSchema.parse({
      ...benefitResource.toInput(row),
      ...itemFields(row, { start: null, end: null }, now),
    }),
  mediaRefs: (input) => (input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
};
