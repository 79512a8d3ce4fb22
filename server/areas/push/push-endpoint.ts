/**
 * Which push endpoints the server will talk to (decision 0069), and the one request it sends them.
 *
 * A push endpoint is a URL a browser hands us; every notification makes the server POST to it. So only `https`
 * URLs whose host is a public DNS name are accepted: no IP literal, no single-label name, and every address the
 * name resolves to must be public (not private, loopback, link-local, unique-local, CGNAT, multicast, unspecified,
 * reserved or documentation ranges, IPv4-mapped IPv6 included). The rule is checked when a subscription is stored
 * (`assertPublicEndpoint`, 422 `PushEndpointRefused`) and again by each send: `postToEndpoint` resolves the name
 * through `publicOnlyLookup`, which refuses a name now resolving to a blocked address and hands the socket the very
 * addresses it checked, so a name cannot pass the check and then connect elsewhere (DNS rebinding).
 *
 * `PUSH_ALLOW_INSECURE_ENDPOINTS` (development and tests only; refused in production by `server/env.ts`) accepts
 * `http` and any host, for the local push service stand-in on 127.0.0.1.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../../lib/errors';
import type { Resolver } from '../../kernel/types';

/** The system resolver: every address of `hostname`, in the order the system gives them. */
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Addresses a push endpoint may never reach (IANA special-purpose registries, RFC 6890 and successors). */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT shared space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and the deprecated IPv4-compatible form
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** True when `address` (an IPv4 or IPv6 literal) is a public unicast address; IPv4-mapped IPv6 is judged as IPv4. */
function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Why an endpoint is refused, or null when its URL is acceptable before resolution. */
function urlProblem(endpoint: string, allowInsecure: boolean): string | null {
  if (!URL.canParse(endpoint)) return 'is not a URL';
  const url = new URL(endpoint);
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'is not an https URL';
  if (url.protocol !== 'https:') return 'is not an https URL';
  if (url.username || url.password) return 'carries credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return 'names an IP address, not a public host name';
  // A public DNS name has at least one dot; a single label is resolved against the local network's search domains.
  if (!host.includes('.') || host.endsWith('.')) return 'is not a public host name';
  return null;
}

/** Thrown when a push endpoint's host resolves (now) to an address the server must not reach. */
export class EndpointRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`push endpoint ${reason}`);
    this.name = 'EndpointRefusedError';
  }
}

/** The 422 answer for a refused endpoint. */
const refused = (reason: string) =>
  new ApiError(422, 'PushEndpointRefused', `The push endpoint ${reason}: only https endpoints on a public host name are accepted`);

/**
 * Checks a push endpoint before it is stored: `https`, a public DNS name, every address it resolves to public.
 * @param allowInsecure `PUSH_ALLOW_INSECURE_ENDPOINTS`: accept `http` and any host (development and tests)
 * @throws ApiError 422 `PushEndpointRefused` naming why (also when the name does not resolve)
 */
export async function assertPublicEndpoint(endpoint: string, options: { allowInsecure: boolean; resolve: Resolver }): Promise<void> {
  const problem = urlProblem(endpoint, options.allowInsecure);
  if (problem) throw refused(problem);
  if (options.allowInsecure) return;
  let addresses: LookupAddress[];
  try {
    addresses = await options.resolve(new URL(endpoint).hostname);
  } catch {
    throw refused('does not resolve');
  }
  if (!addresses.length) throw refused('does not resolve');
  if (!addresses.every((a) => isPublicAddress(a.address))) throw refused('resolves to a private or reserved address');
}

/**
 * A socket `lookup` that resolves with `resolve` and fails with `EndpointRefusedError` when any address is not
 * public; otherwise it gives the socket exactly the addresses it checked (one, or all when the socket asks).
 */
function publicOnlyLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const addresses = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        if (!addresses.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (!all.every((a) => isPublicAddress(a.address)))
          return callback(new EndpointRefusedError('resolves to a private or reserved address'), '', 0);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * POSTs one push request (web-push's request details) to `endpoint`, after the same checks as registration, made
 * again now on the address actually connected to. The answer's body is discarded.
 * @param signal aborts the request (the per-endpoint, per-member and per-notification time bounds)
 * @returns the push service's HTTP status
 * @throws EndpointRefusedError when the endpoint is not (or no longer) acceptable; network errors and `AbortError`
 */
export async function postToEndpoint(
  endpoint: string,
  request: { headers: Record<string, string>; body: Buffer | null },
  options: { allowInsecure: boolean; resolve: Resolver; signal: AbortSignal },
): Promise<number> {
  const problem = urlProblem(endpoint, options.allowInsecure);
  if (problem) throw new EndpointRefusedError(problem);
  const url = new URL(endpoint);
  const client = url.protocol === 'https:' ? https : http;
  // With the insecure escape the stand-in's IP literal needs no lookup (the socket skips it for literals anyway).
  const lookup = options.allowInsecure ? undefined : publicOnlyLookup(options.resolve);
  return new Promise<number>((resolve, reject) => {
    const outgoing = client.request(url, { method: 'POST', headers: request.headers, lookup, signal: options.signal }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
