/**
 * The Hono environment of every route (`c.get('principal')`, `c.get('language')`) and the request principal with the
 * rows it carries.
 */
import type { OrganizationRow, RankRow } from '../db/organization-cache';
import type { users } from '../db/schema';

export type { OrganizationRow, RankRow };
export type UserRow = typeof users.$inferSelect;

/**
 * Who is calling: a signed-in member, or a visitor holding the organization's public key; with the organization's
 * ranks by threshold ascending (both from the organization cache, as of this request's session read).
 */
export type Principal =
  | { kind: 'user'; organization: OrganizationRow; ranks: RankRow[]; user: UserRow; sessionId: string }
  | { kind: 'visitor'; organization: OrganizationRow; ranks: RankRow[] };

/** The variables a request carries through its middlewares and handler. */
export type AppEnv = {
  Variables: {
    principal: Principal;
    language: string;
    /** Set by a handler whose response must not be kept for Idempotency-Key replays (it holds a secret). */
    idempotencyNoStore?: boolean;
    /**
     * Set by a middleware that consumed the body before the Idempotency-Key middleware (a streamed upload): the
     * request's fingerprint in place of the body's SHA-256.
     */
    idempotencyFingerprint?: string;
    /**
     * The text of the answer `sendData` made, beside that answer: the Idempotency-Key middleware keeps it for
     * replays without reading the body back (which would turn the answer into a stream).
     */
    sentText?: { response: Response; text: string };
  };
};
