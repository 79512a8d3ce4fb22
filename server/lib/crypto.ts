/**
 * Secrets for sign-in (ARCHITECTURE §3): 6-digit codes from `crypto.randomInt`, codes stored as
 * HMAC-SHA256, bearer tokens of 32 random bytes (256 bits, base64url) stored as SHA-256.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A uniformly random 6-digit code, zero-padded (`"004217"`). */
export function generateOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** HMAC-SHA256 (hex) of a code, bound to the e-mail so a hash cannot be replayed for another address. */
export function hashOtpCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}\n${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new opaque bearer token: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a string or bytes: how tokens and request bodies are stored. */
export function sha256(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}
