/**
 * Results of pick'em and arcade challenges: the body and the answer of
 * `POST /api/admin/challenges/{id}/result`. Shared by the server, the console's "Enter result" control and the tests.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from '../common';

/** `POST /api/admin/challenges/{id}/result` body: the index of the right option (checked against the options). */
export const ChallengeResultInputSchema = z.object({ correctIndex: z.number().int().min(0).max(9) }).strict();

/** How many members a result entry moved and by how many points in all (points are positive numbers). */
const LedgerMovementSchema = z.object({ members: z.number().int().nonnegative(), points: z.number().int().nonnegative() });

/**
 * What a result entry did: the challenge's result as stored now, whether this call changed it (false for the same
 * result again), the members credited and those whose earlier credit was reversed by this call, and how many members
 * picked the right option.
 */
export const ChallengeResultSchema = z.object({
  challengeId: z.string(),
  correctIndex: z.number().int().nonnegative(),
  resultVersion: z.number().int().nonnegative(),
  resultEnteredAt: TimestampSchema,
  changed: z.boolean(),
  credited: LedgerMovementSchema,
  reversed: LedgerMovementSchema,
  winners: z.number().int().nonnegative(),
});
export type ChallengeResult = z.infer<typeof ChallengeResultSchema>;
export const ChallengeResultResponseSchema = envelope(ChallengeResultSchema);
