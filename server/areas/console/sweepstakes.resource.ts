/**
 * `/api/admin/sweepstakes`: sweepstakes with their prize, entry cost, limits, winner count, rules and French
 * texts. Contract and rules: `src/contracts/admin/sweepstake.ts`. A sweepstake anyone entered is archived, never
 * deleted (the entries' ledger rows name it). Creating one (console or content document) draws its secret seed and
 * stores its commitment; neither the admin item nor the content document ever carries the seed.
 * Once drawn, the fields the draw depends on cannot change (422).
 */
import { eq, sql } from 'drizzle-orm';
import {
  AdminSweepstakeSchema,
  SweepstakeInputSchema,
  SweepstakePatchSchema,
  type SweepstakeInputData,
} from '../../../src/contracts/admin/sweepstake';
import { sweepstakeEntries, sweepstakes } from '../../db/schema';
import { newDrawSeed } from '../sweepstakes/draws.service';
import { validationFailed } from '../../lib/errors';
import { type AdminResource, itemFields } from './resource';

type SweepstakeRow = typeof sweepstakes.$inferSelect;

/**
 * The fields a draw depends on: once drawn, changing them would reopen entries or change what the published draw
 * was run over. (The claim period may still change: an operator may give winners more time.)
 */
const DRAW_FIELDS = ['startsAt', 'endsAt', 'entryCost', 'maxEntriesPerUser', 'winnerCount'] as const;

/**
 * Refuses a change of a drawn sweepstake's window, costs or winner count.
 * @throws ApiError 422 naming each such field
 */
function refuseDrawChanges(existing: SweepstakeRow, input: SweepstakeInputData): void {
  const stored = sweepstakeResource.toInput(existing);
  const changed = DRAW_FIELDS.filter((field) => JSON.stringify(stored[field]) !== JSON.stringify(input[field]));
  if (changed.length)
    throw validationFailed(
      'Invalid request body',
      changed.map((path) => ({ path, message: 'Cannot change after the draw' })),
    );
}

/** Row values of a sweepstake input; a new sweepstake commits to its draw's secret seed at once. */
function sweepstakeValues(input: SweepstakeInputData, existing: SweepstakeRow | null) {
  return {
    ...(existing?.seedCommitment ? {} : newDrawSeed()),
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
    claimDays: input.claimDays,
    rules: input.rules,
    isPublic: input.isPublic,
    draft: input.draft,
    sortOrder: input.sortOrder,
    translations: input.translations,
  };
}

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
  toValues: (input, _ctx, existing) => {
    if (existing?.drawnAt) refuseDrawChanges(existing, input);
    return sweepstakeValues(input, existing);
  },
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
    claimDays: row.claimDays,
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
      seedCommitment: row.seedCommitment,
      drawnAt: row.drawnAt?.toISOString() ?? null,
    }),
  mediaRefs: (input) => (input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
  inUse: async (db, id) => {
    const [row] = await db
      .select({ used: sql<boolean>`true` })
      .from(sweepstakeEntries)
      .where(eq(sweepstakeEntries.sweepstakeId, id))
      .limit(1);
    return row?.used === true;
  },
};
