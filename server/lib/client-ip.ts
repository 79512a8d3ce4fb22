/**
 * The client's address for the sign-in limits (decision 0043).
 *
 * Without trusted proxies it is the socket's remote address. Behind proxies, `X-Forwarded-For` is read from the
 * right: each trusted hop (the socket peer first, then the entries it appended) is skipped, and the first
 * untrusted address is the client; entries a client wrote itself sit further left and are never reached.
 * proxy-addr (the library Express uses) does the walk. `unknown` when the request has no socket (in-process
 * test requests without a remote address).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../env';

type TrustFn = (address: string, hop: number) => boolean;
const compiled = new WeakMap<object, TrustFn>();

/** The trust function for a parsed `TRUST_PROXY` (compiled once per setting). */
function trustFunction(setting: Exclude<TrustProxy, false>): TrustFn {
  let fn = compiled.get(setting);
  if (!fn) {
    fn = 'hops' in setting ? (_address, hop) => hop < setting.hops : proxyAddr.compile(setting.addresses);
    compiled.set(setting, fn);
  }
  return fn;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * @param c the request context
 * @param trust parsed `TRUST_PROXY`
 * @returns the client's IP address as text, or `unknown`
 */
export function clientIp(c: Context, trust: TrustProxy): string {
  const remote = socketAddress(c);
  if (!trust) return remote ?? 'unknown';
  const forwardedFor = c.req.header('x-forwarded-for');
  // proxy-addr reads a Node request; this is the part of one it looks at.
  const request = {
    socket: { remoteAddress: remote },
    connection: { remoteAddress: remote },
    headers: { 'x-forwarded-for': forwardedFor },
  };
  const address = proxyAddr(request as unknown as Parameters<typeof proxyAddr>[0], trustFunction(trust));
  return address || 'unknown';
}

/**
 * Whether the socket peer is a proxy the operator declared in `TRUST_PROXY` (so its `X-Forwarded-*` headers may be
 * believed): any peer for a hop count of 1 or more, a listed address for an address list, never for `false`.
 */
export function fromTrustedProxy(c: Context, trust: TrustProxy): boolean {
  if (!trust) return false;
  const remote = socketAddress(c);
  return 'hops' in trust ? trust.hops > 0 : remote !== undefined && trustFunction(trust)(remote, 0);
}
