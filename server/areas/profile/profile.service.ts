/**
 * Member profile rules (spec §3, §5; ARCHITECTURE §5): wire format, profile updates, ledger listing.
 * - `isNewUser` is true until the member has a username (set on /welcome via `PATCH /user/me`).
 * - A birthday, once set, cannot be changed or removed (422 BirthdayImmutable); it cannot be in the future.
 * - Usernames are unique per organization, case-insensitively (409 Conflict).
 * - `properties` is merged key by key; a key set to null is removed. At most 16 KB of JSON.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Transaction, User, UserUpdate } from '../../../src/contracts/user';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/client';
import { pointTransactions, users } from '../../db/schema';
import { ApiError, conflict, unauthorized, validationFailed } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { OrganizationRow, RankRow, UserRow } from '../../lib/app-env';
import { nextExpiry, type NextExpiry } from '../../../src/rules/points-expiry';
import { rankFor } from '../../../src/rules/rank';

const MAX_PROPERTIES_BYTES = 16 * 1024;

/**
 * User row -> wire format; `rank` from lifetime points against `ranks` (the organization's, as the request's
 * principal carries them); `nextExpiry` as `memberNextExpiry` answers it.
 */
export function serializeUser(deps: AppDeps, user: UserRow, ranks: RankRow[], nextExpiry: User['nextExpiry']): User {
  return {
    userId: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    zipCode: user.zipCode,
    birthday: user.birthday,
    properties: user.properties,
    avatarUrl: user.avatarMediaId ? `${deps.env.PUBLIC_API_ORIGIN}/media/${user.avatarMediaId}` : null,
    points: user.points,
    lifetimePoints: user.lifetimePoints,
    rank: rankFor(
      user.lifetimePoints,
      ranks.map((r) => ({ name: r.code, threshold: r.threshold })),
    ),
    isNewUser: user.onboardedAt === null,
    createdAt: user.createdAt.toISOString(),
    role: user.role,
    nextExpiry,
  };
}

/**
 * Applies a profile update.
 * @throws ApiError 422 BirthdayImmutable / ValidationFailed, 409 Conflict (username taken), 401 when the account was
 *   erased meanwhile
 */
export async function updateProfile(deps: AppDeps, userId: string, input: UserUpdate): Promise<UserRow> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      // An erasure that committed while this request waited for the row: nothing may be written back into it.
      if (user.deletedAt) throw unauthorized('Sign in to continue');
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: now };
      for (const field of ['username', 'firstName', 'lastName', 'phoneNumber', 'zipCode'] as const) {
        if (input[field] !== undefined) changes[field] = input[field] === '' ? null : input[field];
      }
      if (input.birthday !== undefined && input.birthday !== user.birthday) {
        if (user.birthday !== null) {
          throw new ApiError(422, 'BirthdayImmutable', 'Your birthday cannot be changed once set');
        }
        if (input.birthday !== null) {
          const today = now.toISOString().slice(0, 10);
          if (input.birthday > today || input.birthday < '1900-01-01') {
            throw validationFailed('Invalid request body', [{ path: 'birthday', message: 'Not a plausible birthday' }]);
          }
        }
        changes.birthday = input.birthday;
      }
      if (input.properties !== undefined) {
        const merged: Record<string, unknown> = { ...user.properties };
        for (const [key, value] of Object.entries(input.properties)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        if (Buffer.byteLength(JSON.stringify(merged)) > MAX_PROPERTIES_BYTES) {
          throw validationFailed('Invalid request body', [{ path: 'properties', message: 'At most 16 KB' }]);
        }
        changes.properties = merged;
      }
      const username = changes.username !== undefined ? changes.username : user.username;
      if (user.onboardedAt === null && username) changes.onboardedAt = now;
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This username is taken');
    throw error;
  }
}

/** The member's ledger, newest first; `before` pages by creation time. */
export async function listTransactions(db: Db, userId: string, query: { limit: number; before?: string }) {
  const rows = await db
    .select()
    .from(pointTransactions)
    .where(and(eq(pointTransactions.userId, userId), query.before ? lt(pointTransactions.createdAt, new Date(query.before)) : undefined))
    .orderBy(desc(pointTransactions.createdAt), desc(pointTransactions.id))
    .limit(query.limit);
  return rows.map(toTransaction);
}

/** A ledger row as the API answers it (`Transaction` of src/contracts/user.ts: ISO time, signed points). */
export function toTransaction(r: typeof pointTransactions.$inferSelect): Transaction {
  return {
    id: r.id,
    amount: r.amount,
    reason: r.reason,
    reference: r.reference,
    label: r.label,
    balanceAfter: r.balanceAfter,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * A member's next expiry at `now` (`GET /api/user/me`), by the shared rule over their ledger.
 * @returns `{points, on}`, or null when the organization's points never expire or nothing of theirs will
 */
export async function memberNextExpiry(db: DbOrTx, organization: OrganizationRow, userId: string, now: Date): Promise<NextExpiry | null> {
  if (organization.pointsExpireAfterDays === null) return null;
  const entries = await db
    .select({ amount: pointTransactions.amount, createdAt: pointTransactions.createdAt })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId));
  return nextExpiry(entries, organization, now);
}
