/**
 * The client's IP address for rate limiting: the first `X-Forwarded-For` hop when `TRUST_PROXY` is on,
 * else the socket's remote address; `unknown` when neither exists (in-process test requests).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
