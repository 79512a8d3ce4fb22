/**
 * The member card's rotating code (decision 0078, "A member card that a screenshot cannot pass"): shared by the app,
 * which derives the code on the device (offline too) from the member's pass secret, and the server, which checks it.
 * - Time is cut into steps of `MEMBER_PASS_PERIOD_S` seconds. At each step the card shows a QR code holding
 *   `podium-card:<member number>:<step>:<token>` (token: 16 bytes of an HMAC-SHA256 of the number and the step,
 *   keyed by the pass secret, base64url) and a short code to type, `<member number>-<6-digit TOTP>`.
 * - A code is current when its step is within `MEMBER_PASS_WINDOW` steps of the verifier's; an older one is expired
 *   (a screenshot, or a card shown from a phone whose clock is far off). A typed code names no step: it is looked for
 *   among the last `MEMBER_PASS_TYPED_LOOKBACK` steps, so an old typed code is told apart from a wrong one too.
 * The secret lives on the server (derived from its key) and on the member's device (in the persisted pass).
 */
import { Secret, TOTP } from 'otpauth';

/** Seconds a card's code stays current before it rotates: one time step. */
export const MEMBER_PASS_PERIOD_S = 30;
/** Steps either side of the verifier's whose code is still current (clock skew, a slow scan). */
const MEMBER_PASS_WINDOW = 1;
/** Digits of the time-based part of the typed short code. */
const MEMBER_PASS_CODE_DIGITS = 6;
/** Past steps a typed code is looked for in, to answer "expired" rather than "wrong" (20 steps: 10 minutes). */
const MEMBER_PASS_TYPED_LOOKBACK = 20;
/** Digits a member number is padded to on the card (000123). */
const MEMBER_NUMBER_DIGITS = 6;
/** Bytes of the HMAC kept in a QR token (128 bits: unguessable). */
const TOKEN_BYTES = 16;
/** The prefix of the text a card's QR code holds. */
const QR_PREFIX = 'podium-card';

/** The time step (counter) instant `at` falls in. */
export function memberPassStep(at: Date): number {
  return Math.floor(at.getTime() / (MEMBER_PASS_PERIOD_S * 1000));
}

/** The instant the step `step` ends (when the card's code rotates). */
export function memberPassStepEnd(step: number): Date {
  return new Date((step + 1) * MEMBER_PASS_PERIOD_S * 1000);
}

/**
 * How a code of step `step` stands at the verifier's instant `now`: 'current' within `MEMBER_PASS_WINDOW` steps,
 * 'expired' when older, 'future' when ahead by more (a device clock far ahead, or a forged step).
 */
export function memberPassStepStatus(step: number, now: Date): 'current' | 'expired' | 'future' {
  const delta = step - memberPassStep(now);
  if (Math.abs(delta) <= MEMBER_PASS_WINDOW) return 'current';
  return delta < 0 ? 'expired' : 'future';
}

/** The member number as printed on the card: at least six digits, zero-padded (123 -> "000123"). */
export function formatMemberNumber(memberNumber: number): string {
  return String(memberNumber).padStart(MEMBER_NUMBER_DIGITS, '0');
}

function totp(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: MEMBER_PASS_CODE_DIGITS, period: MEMBER_PASS_PERIOD_S, algorithm: 'SHA1' });
}

/** The time-based part of the typed code at step `step` (RFC 6238 via `otpauth`: 6 digits, SHA-1). */
export function memberPassTotp(secret: string, step: number): string {
  return totp(secret).generate({ timestamp: step * MEMBER_PASS_PERIOD_S * 1000 });
}

/**
 * The step among `around - lookback` .. `around + MEMBER_PASS_WINDOW` whose TOTP is `code` (constant-time compares,
 * by `otpauth`), or null when none is.
 */
export function memberPassTotpStep(secret: string, code: string, around: Date, lookback = MEMBER_PASS_TYPED_LOOKBACK): number | null {
  // otpauth's window is symmetric: look around the middle of the span, then keep what falls inside it.
  const half = Math.ceil((lookback + MEMBER_PASS_WINDOW) / 2);
  const center = memberPassStep(around) - lookback + half;
  const delta = totp(secret).validate({ token: code, timestamp: center * MEMBER_PASS_PERIOD_S * 1000, window: half });
  if (delta === null) return null;
  const step = center + delta;
  const now = memberPassStep(around);
  return step >= now - lookback && step <= now + MEMBER_PASS_WINDOW ? step : null;
}

/** Web Crypto's HMAC (the browser's and Node's): the token needs 128 bits, more than a TOTP gives. */
async function hmacSha256(key: Uint8Array, message: string): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto is not available (the app needs a secure context)');
  const cryptoKey = await subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(message)));
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The QR token of member number `memberNumber` at step `step`: 16 bytes of HMAC-SHA256 keyed by the pass secret
 * (base32) over `member-pass:<number>:<step>`, base64url (22 characters).
 * @throws Error when Web Crypto is missing (an insecure context)
 */
export async function memberPassToken(secret: string, memberNumber: number, step: number): Promise<string> {
  const key = new Uint8Array(Secret.fromBase32(secret).buffer);
  return base64url((await hmacSha256(key, `member-pass:${memberNumber}:${step}`)).subarray(0, TOKEN_BYTES));
}

/** The text of the card's QR code at step `step`. */
export function memberPassQrText(memberNumber: number, step: number, token: string): string {
  return `${QR_PREFIX}:${memberNumber}:${step}:${token}`;
}

/** The short code to type at step `step`: the padded member number, a dash and the six-digit TOTP. */
export function memberPassShortCode(memberNumber: number, totpCode: string): string {
  return `${formatMemberNumber(memberNumber)}-${totpCode}`;
}
