/**
 * `/api/admin/sweepstakes`: sweepstakes with their prize, entry cost, limits, winner count, rules and French
 * texts. Contract and rules: `src/contracts/admin/sweepstake.ts`. A sweepstake anyone entered is archived, never
 * deleted (the entries' ledger rows name it).
 */
import { eq, sql } from 'drizzle-orm';
import {
  AdminSweepstakeSchema,
  SweepstakeInputSchema,
  SweepstakePatchSchema,
  type SweepstakeInputData,
} from '../../../src/contracts/admin/sweepstake';
import { sweepstakeEntries, sweepstakes } from '../../db/schema';
import { type AdminResource, itemFields } from './resource';

type SweepstakeRow = typeof sweepstakes.$inferSelect;

/** The sweepstake resource of the admin API. */
export const sweepstakeResource: AdminResource<SweepstakeRow, SweepstakeInputData> = {
  name: 'sweepstakes',
  noun: 'Sweepstake',
  table: sweepstakes,
  input: SweepstakeInputSchema,
  patch: SweepstakePatchSchema as never,
  item: AdminSweepstakeSchema,
  search: [sweepstakes.title, sweepstakes.description, sweepstakes.prize, sweepstakes.key],
  newest: sweepstakes.createdAt,
  status: { archivedAt: sweepstakes.archivedAt, draft: sweepstakes.draft, start: sweepstakes.startsAt, end: sweepstakes.endsAt },
  toValues: (input) => ({
    key: input.key,
    title: input.title,
    description: input.description,
    prize: input.prize,
    mediaId: input.mediaId,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    entryCost: input.entryCost,
    maxEntriesPerUser: input.maxEntriesPerUser,
    winnerCount: input.winnerCount,
    rules: input.rules,
    isPublic: input.isPublic,
    draft: input.draft,
    sortOrder: input.sortOrder,
    translations: input.translations,
  }),
  toInput: (row) => ({
    key: row.key,
    title: row.title,
    description: row.description,
    prize: row.prize,
    mediaId: row.mediaId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    entryCost: row.entryCost,
    maxEntriesPerUser: row.maxEntriesPerUser,
    winnerCount: row.winnerCount,
    rules: row.rules,
    isPublic: row.isPublic,
    draft: row.draft,
    sortOrder: row.sortOrder,
    translations: row.translations as SweepstakeInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminSweepstakeSchema.parse({
      ...sweepstakeResource.toInput(row),
      ...itemFields(row, { start: row.startsAt, end: row.endsAt }, now),
    }),
  mediaRefs: (input) => (input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
  inUse: async (db, id) => {
    const [row] = await db.select({ used: sql<boolean>`true` }).from(sweepstakeEntries).where(eq(sweepstakeEntries.sweepstakeId, id)).limit(1);
    return row?.used === true;
  },
};
