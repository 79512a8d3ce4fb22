/**
 * Member card wire format: `GET /user/me/pass` gives the signed-in member what the card shows and
 * the pass secret the device derives the rotating code from (offline too); `POST /admin/passes/verify {code}` lets an
 * operator check a scanned or typed card code, whose format `readMemberPassCode` reads. Rules (the rotating code) in
 * `src/rules/member-pass.ts`.
 */
import { z } from 'zod';
import { envelope, MediaIdSchema, TimestampSchema } from './common';
import { RankCodeSchema } from './organization';

/** The largest member number (the column is a 32-bit integer). */
const MAX_MEMBER_NUMBER = 2_147_483_647;

/** What a scanned or typed card code says: a QR code's number, step and token, or a typed code's number and TOTP. */
type MemberPassCode =
  { kind: 'qr'; memberNumber: number; step: number; token: string } | { kind: 'typed'; memberNumber: number; code: string };

/** A QR code's text: `podium-card:<member number>:<step>:<token>` (the token: 22 base64url characters). */
const QR_FORMAT = /^podium-card:(\d{1,10}):(\d{1,12}):([A-Za-z0-9_-]{22})$/;
/** A typed short code: the member number, then the six-digit code (`000123-482913`; spaces or no dash accepted). */
const TYPED_FORMAT = /^(\d{1,10})[\s-]*(\d{3})\s?(\d{3})$/;

/**
 * Reads a card code: a QR code's text (as a camera or a keyboard-like hardware scanner gives it) or a typed short
 * code (`000123-482913`; spaces or no dash accepted). Returns null for anything else (never throws); says nothing
 * of whether the code is genuine, which only the server knows.
 */
export function readMemberPassCode(text: string): MemberPassCode | null {
  const trimmed = text.trim();
  const qr = QR_FORMAT.exec(trimmed);
  if (qr) {
    const memberNumber = Number(qr[1]);
    const step = Number(qr[2]);
    return memberNumber <= MAX_MEMBER_NUMBER ? { kind: 'qr', memberNumber, step, token: qr[3] } : null;
  }
  const typed = TYPED_FORMAT.exec(trimmed);
  if (!typed || Number(typed[1]) > MAX_MEMBER_NUMBER) return null;
  return { kind: 'typed', memberNumber: Number(typed[1]), code: `${typed[2]}${typed[3]}` };
}

/** The member's card: who they are, the club's branding, and the secret of the rotating code. */
export const MemberPassSchema = z.object({
  memberId: z.string(),
  /** The stable member number (shown zero-padded, `formatMemberNumber`). */
  memberNumber: z.number().int().positive(),
  /** First and last name, else the username, else empty (the card then shows the number alone). */
  name: z.string(),
  rank: RankCodeSchema,
  /** The rank's title in the request's language. */
  rankTitle: z.string(),
  /** When the member joined. */
  memberSince: TimestampSchema,
  avatarUrl: z.string().nullable(),
  /** The pass secret (base32, 160 bits): keys the QR token and the typed code. Private to the member. */
  secret: z.string(),
  /** Seconds of one code step. */
  period: z.number().int().positive(),
  /** The server's clock when it answered, so a device whose clock is off still shows the current code. */
  serverTime: TimestampSchema,
  organization: z.object({
    /** Name in the request's language. */
    name: z.string(),
    /** Brand colour as `#rrggbb`. */
    brandColor: z.string(),
    logoMediaId: MediaIdSchema,
  }),
});
export type MemberPass = z.infer<typeof MemberPassSchema>;
export const MemberPassResponseSchema = envelope(MemberPassSchema);

/** `POST /admin/passes/verify` body: a card's QR text or its typed short code (`000123-482913`). */
export const MemberPassVerifySchema = z
  .object({
    code: z
      .string()
      .max(120)
      .refine((code) => readMemberPassCode(code) !== null, 'A member card code: the QR code or the short code under it'),
  })
  .strict();

/**
 * What a card code says: `valid` (current code of a member in good standing), `suspended` (a genuine code of a
 * suspended member, current or not), `expired` (a genuine code of an earlier step: a screenshot).
 */
export const MemberPassStatusSchema = z.enum(['valid', 'suspended', 'expired']);

export const MemberPassVerificationSchema = z.object({
  status: MemberPassStatusSchema,
  member: z.object({
    id: z.string(),
    memberNumber: z.number().int().positive(),
    name: z.string(),
    /** The member's e-mail, to tell apart members without a name. */
    email: z.string(),
    rank: RankCodeSchema,
    rankTitle: z.string(),
    memberSince: TimestampSchema,
    avatarUrl: z.string().nullable(),
    /** End of the suspension (null: until lifted, or not suspended). */
    suspendedUntil: TimestampSchema.nullable(),
  }),
  /** The time step (counter) the code belongs to. */
  codeStep: z.number().int(),
  /** When the code was made (the start of its step). */
  codeTime: TimestampSchema,
  /** How the code came: a QR code's text or a typed short code. */
  via: z.enum(['qr', 'typed']),
});
export type MemberPassVerification = z.infer<typeof MemberPassVerificationSchema>;
export const MemberPassVerificationResponseSchema = envelope(MemberPassVerificationSchema);
