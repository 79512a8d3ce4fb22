/**
 * A local Web Push service — test-only, never shipped. Plays both sides a real push service and browser hold:
 * `subscription()` (or `POST /__stand-in/subscriptions`) makes a subscription with its own P-256 key pair and auth
 * secret, as a browser would; `POST /push/{id}` receives what the server sends, checks the VAPID JWT (RFC 8292:
 * ES256 signature against the `k=` key with `jose`, audience = this origin, expiry within 24 h, a subject) and
 * decrypts the aes128gcm payload (RFC 8291, with `http_ece`) with that subscription's keys. It answers 201, or 410
 * for a subscription marked gone (`gone(id)` / `POST /__stand-in/gone/{id}`), 404 for one it never made, and 400
 * or 403 for a bad body or signature (also recorded). A subscription marked hanging (`hang(id)`) never answers: its
 * requests stay open until the sender gives up (`hanging()` counts those open now) or the stand-in stops.
 * `GET /__stand-in/received` lists what arrived.
 *
 * Run alone: `npx tsx test/stand-ins/push-service.ts [port]`.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { decrypt } from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** One request the stand-in received: which subscription, the checked VAPID key and subject, the decrypted payload. */
export interface ReceivedPush {
  subscriptionId: string;
  status: number;
  /** The VAPID public key (`k=`), base64url. */
  vapidKey: string | null;
  subject: string | null;
  ttl: number | null;
  payload: unknown;
  error?: string;
}

/** A subscription as `PushSubscription.toJSON()` gives it. */
export interface StandInSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceStandIn {
  url: string;
  received: ReceivedPush[];
  subscription(): StandInSubscription;
  gone(id: string): void;
  /** Marks a subscription whose requests are never answered. */
  hang(id: string): void;
  /** Requests to hanging subscriptions open now. */
  hanging(): number;
  stop(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Verifies the `vapid t=<jwt>, k=<key>` credential for `audience`; returns the key and subject, or throws. */
async function verifyVapid(header: string | undefined, audience: string): Promise<{ key: string; subject: string }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid credential');
  const [, token, key] = match;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('not ES256');
  const publicKey = await importJWK(
    { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    'ES256',
  );
  const { payload } = await jwtVerify(token, publicKey, { audience, algorithms: ['ES256'] });
  if (!payload.exp || payload.exp * 1000 > Date.now() + 24 * 60 * 60 * 1000 + 60_000) throw new Error('exp missing or beyond 24 h');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub missing');
  return { key, subject: payload.sub };
}

/** Starts the stand-in on `port` (0 = any free port) on 127.0.0.1. */
export async function startPushService(port = 0): Promise<PushServiceStandIn> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const goneIds = new Set<string>();
  const hangIds = new Set<string>();
  /** Releases of the requests held open now. */
  const held = new Set<() => void>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const subscription = (): StandInSubscription => {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = b64url(randomBytes(16));
    keys.set(id, { ecdh, auth });
    return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } };
  };

  const app = new Hono();
  app.post('/push/:id', async (c) => {
    const id = c.req.param('id');
    const record: ReceivedPush = {
      subscriptionId: id,
      status: 201,
      vapidKey: null,
      subject: null,
      ttl: Number(c.req.header('ttl') ?? NaN),
      payload: null,
    };
    // Recorded once judged, so a reader never sees a request half checked.
    try {
      return await receive(c, id, record);
    } finally {
      received.push(record);
    }
  });
  const receive = async (c: Context, id: string, record: ReceivedPush) => {
    const own = keys.get(id);
    if (!own) return c.body(null, (record.status = 404));
    if (hangIds.has(id)) {
      // Held until the sender aborts (its socket closes) or the stand-in stops; status 0 records "no answer".
      await new Promise<void>((resolve) => {
        const release = () => {
          held.delete(release);
          resolve();
        };
        held.add(release);
        c.req.raw.signal.addEventListener('abort', release);
      });
      record.status = 0;
      return c.body(null, 504);
    }
    if (goneIds.has(id)) return c.body(null, (record.status = 410));
    try {
      const vapid = await verifyVapid(c.req.header('authorization'), origin);
      record.vapidKey = vapid.key;
      record.subject = vapid.subject;
    } catch (error) {
      record.error = String(error);
      return c.body(null, (record.status = 403));
    }
    try {
      if (c.req.header('content-encoding') !== 'aes128gcm') throw new Error('not aes128gcm');
      const body = Buffer.from(await c.req.arrayBuffer());
      record.payload = JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: own.ecdh, authSecret: own.auth }).toString('utf8'));
    } catch (error) {
      record.error = String(error);
      return c.body(null, (record.status = 400));
    }
    return c.body(null, 201);
  };
  app.post('/__stand-in/subscriptions', (c) => c.json(subscription()));
  app.post('/__stand-in/gone/:id', (c) => {
    goneIds.add(c.req.param('id'));
    return c.body(null, 204);
  });
  app.get('/__stand-in/received', (c) => c.json(received));

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url: origin,
    received,
    subscription,
    gone: (id) => goneIds.add(id),
    hang: (id) => hangIds.add(id),
    hanging: () => held.size,
    stop: () => {
      for (const release of [...held]) release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startPushService(Number(process.argv[2] ?? 3430));
  console.log(`push service stand-in at ${standIn.url}`);
}
