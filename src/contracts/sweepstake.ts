/**
 * Sweepstake wire format: spec §3 (Sweepstake), §4 (status lists), §7 (calls), §8 (422 on entry);
 * ARCHITECTURE §4 (an entry spends `count × entryCost` in one transaction, never below 0, 422
 * InsufficientPoints) and §5 (status from `startsAt`/`endsAt` and the server clock; underage entry is 403).
 * Imports only zod.
 */
import { z } from 'zod';
import { envelope, MediaIdSchema, TimestampSchema } from './common';

/** coming_soon before `startsAt`, live until `endsAt` (exclusive), ended after (server clock). */
export const SweepstakeStatusSchema = z.enum(['live', 'coming_soon', 'ended']);
export type SweepstakeStatus = z.infer<typeof SweepstakeStatusSchema>;

/** The caller's own win, if any (members only). */
export const OwnWinSchema = z.object({
  place: z.number().int().positive(),
  claimedAt: TimestampSchema.nullable(),
  /** Claims are accepted until this instant (exclusive). */
  claimBy: TimestampSchema,
});
export type OwnWin = z.infer<typeof OwnWinSchema>;

/** `GET /sweepstake` item and `GET /sweepstake/{id}`. */
export const SweepstakeSchema = z.object({
  sweepstakeId: z.string(),
  title: z.string(),
  description: z.string(),
  /** What the winner gets, one line. */
  prize: z.string(),
  status: SweepstakeStatusSchema,
  mediaId: MediaIdSchema,
  startsAt: TimestampSchema,
  endsAt: TimestampSchema,
  /** Points spent per entry. */
  entryCost: z.number().int().positive(),
  /** Most entries one member may hold, or null for no limit. */
  maxEntriesPerUser: z.number().int().positive().nullable(),
  /** Entries the member holds (0 for visitors). */
  userEntryCount: z.number().int().nonnegative(),
  /** Entries of all members. */
  totalEntries: z.number().int().nonnegative(),
  /** The official rules as safe HTML (the operators' Markdown, sanitized by the server); empty when none. */
  rulesHtml: z.string(),
  /** How many winners the draw picks. */
  winnerCount: z.number().int().positive(),
  /** SHA-256 (hex) of the draw's secret seed, published before the draw. */
  seedCommitment: z.string().nullable(),
  /** The seed (hex), revealed once the draw ran; null before. */
  drawSeed: z.string().nullable(),
  /** When the draw ran; null before. */
  drawnAt: TimestampSchema.nullable(),
  /**
   * The caller's current (not replaced) win of this sweepstake, null when none (always null for visitors): the
   * list carries it so the app can tell a winner to claim without reading every draw.
   */
  yourWin: OwnWinSchema.nullable(),
});
export type Sweepstake = z.infer<typeof SweepstakeSchema>;
export const SweepstakeListResponseSchema = envelope(z.array(SweepstakeSchema));
export const SweepstakeResponseSchema = envelope(SweepstakeSchema);

/** Most entries one request may buy. */
export const MAX_ENTRIES_PER_REQUEST = 100;

/** `POST /sweepstake/{id}/entry` body (spec §7: count). */
export const SweepstakeEntryCreateSchema = z.object({ count: z.number().int().min(1).max(MAX_ENTRIES_PER_REQUEST) }).strict();
export type SweepstakeEntryCreate = z.infer<typeof SweepstakeEntryCreateSchema>;

/** Answer of a successful entry. */
export const SweepstakeEntryResultSchema = z.object({
  /** The sweepstake after the entry (counts updated). */
  sweepstake: SweepstakeSchema,
  /** Entries bought by this request. */
  count: z.number().int().positive(),
  /** `count × entryCost`, in points. */
  pointsSpent: z.number().int().positive(),
  /** Member's balance after the entry, in points. */
  points: z.number().int().nonnegative(),
});
export type SweepstakeEntryResult = z.infer<typeof SweepstakeEntryResultSchema>;
export const SweepstakeEntryResponseSchema = envelope(SweepstakeEntryResultSchema);

/**
 * Error codes of `POST /sweepstake/{id}/entry` (all with the `{error:{code,message}}` body):
 * 422 `InsufficientPoints` (details `{required, balance}`), 422 `NotLive`, 422 `EntryLimitReached`
 * (details `{maxEntriesPerUser, userEntryCount}`), 403 `Underage`, 404 `NotFound`, 401 for visitors.
 */
export const SWEEPSTAKE_ENTRY_LIMIT_CODE = 'EntryLimitReached';

/** One row of the published entry list: an entry id, its member's pseudonym, its tickets. */
export const DrawEntrySchema = z.object({ entry: z.string(), member: z.string(), tickets: z.number().int().positive() });

/** One place of a draw as everyone sees it: no e-mail, only the winner's public name (username). */
export const PublicDrawWinnerSchema = z.object({
  place: z.number().int().positive(),
  /** 0-based ticket in the published entry list, and its id `<entry>:<k>`. */
  ticket: z.number().int().nonnegative(),
  ticketId: z.string(),
  member: z.string(),
  /** The winner's username; null when they have none (or deleted their account). */
  publicName: z.string().nullable(),
  claimed: z.boolean(),
  /** True when an unclaimed prize went to the next pick, or the winner was no longer eligible at a redraw. */
  replaced: z.boolean(),
});
export type PublicDrawWinner = z.infer<typeof PublicDrawWinnerSchema>;

/**
 * `GET /sweepstake/{id}/draw`: what anyone needs to re-run the draw (`scripts/verify-draw.ts`): the commitment,
 * and once drawn the revealed seed, the frozen entry list and the picks in place order, plus the caller's own win.
 */
export const SweepstakeDrawSchema = z.object({
  sweepstakeId: z.string(),
  winnerCount: z.number().int().positive(),
  claimDays: z.number().int().positive(),
  seedCommitment: z.string().nullable(),
  drawSeed: z.string().nullable(),
  drawnAt: TimestampSchema.nullable(),
  entries: z.array(DrawEntrySchema),
  winners: z.array(PublicDrawWinnerSchema),
  you: OwnWinSchema.nullable(),
});
export type SweepstakeDraw = z.infer<typeof SweepstakeDrawSchema>;
export const SweepstakeDrawResponseSchema = envelope(SweepstakeDrawSchema);

/** `POST /sweepstake/{id}/claim` answer: the caller's win, claimed. */
export const SweepstakeClaimResponseSchema = envelope(OwnWinSchema);
