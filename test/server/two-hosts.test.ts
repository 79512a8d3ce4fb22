/**
 * Two hosts under test (decisions 0088, 0089): two real server processes, each with its own data and media
 * directories, on one PostgreSQL database and one S3 bucket (the local stand-in, test/stand-ins/s3-store.ts), used
 * through the HTTP API as clients use it. An operator's upload on one host is served whole and by byte ranges by the
 * other; a member's session, the sign-in rate limits and an Idempotency-Key hold across both; a scheduled push
 * notification goes to each device once although both hosts work the job queue (to the local push service,
 * test/stand-ins/push-service.ts), and each one is sent by one host.
 *
 * PostgreSQL only (PODIUM_TEST_DB=postgres): two processes cannot share one embedded PGlite. Both processes start
 * once, for the whole file.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/lib/server';
import { AdminMediaResponseSchema } from '../../src/contracts/admin/media';
import { PushNotificationListResponseSchema, PushNotificationResponseSchema } from '../../src/contracts/admin/push';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '../stand-ins/push-service';
import { startS3Store, type S3StoreStandIn } from '../stand-ins/s3-store';
import { freePort } from './global-setup';
import { createPostgresDatabase, dropPostgresDatabase, ORG_KEY } from './helpers';

const START_TIMEOUT = 120_000;
const OPERATOR = 'ops@alpine-racing.example';
const MB = 1024 * 1024;
/** Wrong sign-in codes one client address may send per 15 minutes, lowered for the test (env, decision 0070). */
const ADDRESS_FAILURES = 6;
/** Tries of one sign-in code (OTP_MAX_ATTEMPTS in server/areas/session/session.service.ts, decision 0070). */
const CODE_TRIES = 5;
/** The job queue's minute scan of due notifications (`push-due` in server/jobs/job-queue.ts), in ms. */
const PUSH_DUE_SCAN_MS = 60_000;
/** Each host's VAPID subject: the push stand-in records it with every push, so it tells which host sent it. */
/** Longest wait of a push test: the notifications sent, then one more minute scan of due notifications. */
const WAIT_TIMEOUT = 2 * PUSH_DUE_SCAN_MS + 30_000;
const SUBJECT = { a: 'mailto:host-a@podium.example', b: 'mailto:host-b@podium.example' } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers, as TestResponse does
type Call = { status: number; body: any; headers: Headers };

/** An MP4 of `size` bytes file-type recognises (an `ftyp` box, then one `mdat` box) with bytes that tell their offset. */
function mp4(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + 3) % 251;
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  ftyp.copy(bytes, 0);
  bytes.writeUInt32BE(size - ftyp.length, ftyp.length);
  bytes.write('mdat', ftyp.length + 4);
  return bytes;
}

const adminUrl = inject('pgAdminUrl');

// PGlite is an engine inside one process: two processes cannot open one PGlite data directory.
describe.skipIf(!adminUrl)('two hosts on one PostgreSQL database and one bucket', () => {
  const name = `${inject('pgDatabasePrefix')}_hosts_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const dirs: string[] = [];
  let bucket: S3StoreStandIn;
  let pushService: PushServiceStandIn;
  let a: RunningServer;
  let b: RunningServer;
  let orgToken: string;
  let ops: string;
  let databaseUrl: string;

  beforeAll(async () => {
    [bucket, pushService] = await Promise.all([startS3Store(), startPushService()]);
    databaseUrl = await createPostgresDatabase(adminUrl!, name);
    /** Host `host`'s environment: its own data and media directories, the shared database and bucket. */
    const envOf = (host: 'a' | 'b') => {
      const dir = mkdtempSync(join(tmpdir(), `podium-host-${host}-`));
      dirs.push(dir);
      return {
        ORGANIZATION_KEY: ORG_KEY,
        STATIC_DIR: './test-no-dist',
        DATABASE_URL: databaseUrl,
        PODIUM_DATA_DIR: join(dir, 'data'),
        MEDIA_DIR: join(dir, 'media'),
        ...bucket.env,
        OPERATOR_EMAILS: OPERATOR,
        // The tests name their client address in X-Forwarded-For, as a load balancer would.
        TRUST_PROXY: '1',
        SIGNIN_ADDRESS_FAILURES_PER_15_MIN: String(ADDRESS_FAILURES),
        PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
        VAPID_SUBJECT: SUBJECT[host],
        LOG_LEVEL: 'info',
      };
    };
    // The first process migrates and seeds; the second starts on the ready database.
    a = await startServer(await freePort(), envOf('a'), { startTimeoutMs: START_TIMEOUT });
    b = await startServer(await freePort(), envOf('b'), { startTimeoutMs: START_TIMEOUT });
    const current = await fetch(`${a.baseUrl}/api/organization/current`, { headers: { authorization: `Bearer ${ORG_KEY}` } });
    orgToken = (await current.json()).data.token;
    ops = await signIn(a, OPERATOR);
  }, 3 * START_TIMEOUT);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropPostgresDatabase(adminUrl!, name);
    await Promise.all([bucket?.stop(), pushService?.stop()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Sends one JSON request to `host` as the app does: a bearer (the organization key when no token), x-org-token. */
  async function call(
    host: RunningServer,
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; key?: string; from?: string } = {},
  ): Promise<Call> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${opts.token ?? ORG_KEY}`,
      accept: 'application/json',
      'x-org-token': orgToken,
    };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.key) headers['idempotency-key'] = opts.key;
    if (opts.from) headers['x-forwarded-for'] = opts.from;
    const res = await fetch(`${host.baseUrl}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  /** Asks `host` for a sign-in code for `email`; returns the code the host printed. */
  async function codeFrom(host: RunningServer, email: string, from?: string): Promise<string> {
    const otp = await call(host, 'POST', '/api/session/otp', { body: { email }, from });
    expect(otp.status).toBe(202);
    return host.codeFor(email);
  }

  /** Signs `email` in on `host` through the real endpoints; returns the session token. */
  async function signIn(host: RunningServer, email: string): Promise<string> {
    const session = await call(host, 'POST', '/api/session', { body: { email, code: await codeFrom(host, email) } });
    expect(session.status).toBe(200);
    return session.body.data.token;
  }

  /** A six-digit code other than `code`. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('media in the shared bucket', () => {
    /** Uploads `bytes` as the operator's media file through `host`; returns the media's URL path. */
    async function upload(host: RunningServer, bytes: Buffer, fileName: string): Promise<string> {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], fileName, { type: 'application/octet-stream' }));
      const res = await fetch(`${host.baseUrl}/api/admin/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ops}`, 'x-org-token': orgToken, accept: 'application/json' },
        body: form,
      });
      expect(res.status).toBe(201);
      return AdminMediaResponseSchema.parse(await res.json()).data.url;
    }

    it.each([
      ['A', 'B'],
      ['B', 'A'],
    ])('an upload through host %s is served by host %s whole and by ranges, with the same ETag', async (from) => {
      const [uploader, server] = from === 'A' ? [a, b] : [b, a];
      const video = mp4(3 * MB + 17);
      const url = await upload(uploader, video, `lap-${from}.mp4`);

      const whole = await fetch(`${server.baseUrl}${url}`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
      const etag = whole.headers.get('etag');
      expect(etag).toBeTruthy();
      const atUploader = await fetch(`${uploader.baseUrl}${url}`);
      expect(atUploader.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await atUploader.arrayBuffer()).equals(video)).toBe(true);
      expect((await fetch(`${server.baseUrl}${url}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);

      const ranges: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        [`bytes=${2 * MB}-${2 * MB + 65_535}`, 2 * MB, 2 * MB + 65_535],
        ['bytes=-1000', video.length - 1000, video.length - 1],
        [`bytes=${3 * MB}-`, 3 * MB, video.length - 1],
      ];
      for (const [range, start, end] of ranges) {
        const part = await fetch(`${server.baseUrl}${url}`, { headers: { range } });
        expect(part.status, range).toBe(206);
        expect(part.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${video.length}`);
        expect(part.headers.get('etag'), range).toBe(etag);
        expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(start, end + 1)), range).toBe(true);
      }
      const beyond = await fetch(`${server.baseUrl}${url}`, { headers: { range: `bytes=${video.length}-` } });
      expect(beyond.status).toBe(416);
      await beyond.arrayBuffer();
    });
  });

  it('a member signed in on host A is signed in on host B with the same session, and signed out on both from B', async () => {
    const email = `both-hosts-${randomUUID().slice(0, 8)}@fans.example`;
    const token = await signIn(a, email);
    const [onA, onB] = await Promise.all([call(a, 'GET', '/api/user/me', { token }), call(b, 'GET', '/api/user/me', { token })]);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(onA.body.data.email).toBe(email);
    expect(onB.body.data).toEqual(onA.body.data);

    expect((await call(b, 'DELETE', '/api/session', { token })).status).toBe(204);
    for (const host of [a, b]) expect((await call(host, 'GET', '/api/user/me', { token })).status).toBe(401);
  });

  describe('sign-in rate limits span both hosts', () => {
    it(`a code's ${CODE_TRIES} tries are spent by wrong guesses alternated between the hosts; the right code is then used up on both`, async () => {
      const from = '198.51.100.10';
      const email = `tries-${randomUUID().slice(0, 8)}@fans.example`;
      const code = await codeFrom(a, email, from);
      const guesses = [];
      for (let i = 0; i < CODE_TRIES; i++) {
        guesses.push(await call(i % 2 ? b : a, 'POST', '/api/session', { body: { email, code: otherThan(code) }, from }));
      }
      expect(guesses.map((res) => [res.status, res.body.error.code])).toEqual(Array(CODE_TRIES).fill([401, 'InvalidCode']));
      for (const host of [b, a]) {
        const right = await call(host, 'POST', '/api/session', { body: { email, code }, from });
        expect([right.status, right.body.error.code]).toEqual([401, 'CodeUsedUp']);
      }
    });

    it(`a client address's ${ADDRESS_FAILURES} failures alternated between the hosts reach its limit: both then answer 429`, async () => {
      const from = '198.51.100.20';
      const email = `address-${randomUUID().slice(0, 8)}@fans.example`;
      const code = await codeFrom(b, email, from);
      const failures = [];
      for (let i = 0; i < ADDRESS_FAILURES; i++) {
        failures.push(await call(i % 2 ? a : b, 'POST', '/api/session', { body: { email: `nobody-${i}@fans.example`, code }, from }));
      }
      expect(failures.map((res) => res.status)).toEqual(Array(ADDRESS_FAILURES).fill(401));
      for (const host of [a, b]) {
        // Even the right code: the address has no tries left (decision 0070).
        const refused = await call(host, 'POST', '/api/session', { body: { email, code }, from });
        expect([refused.status, refused.body.error.code, refused.body.error.details?.limit]).toEqual([429, 'TooManyRequests', 'address']);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Another address is not refused.
      expect((await call(a, 'POST', '/api/session', { body: { email, code }, from: '198.51.100.21' })).status).toBe(200);
    });
  });

  it('one Idempotency-Key sent to both hosts at once credits the check-in once, and both then replay the same answer', async () => {
    const token = await signIn(b, `key-${randomUUID().slice(0, 8)}@fans.example`);
    const key = randomUUID();
    const checkIn = (host: RunningServer) => call(host, 'POST', '/api/checkin', { token, body: {}, key });
    const firstRound = await Promise.all([checkIn(a), checkIn(b)]);
    const original = firstRound.find((res) => res.status === 201 && res.headers.get('idempotent-replayed') === null);
    expect(original?.body.data.created).toBe(true);
    // The other request met the key in flight (409) or, when the first had finished, replayed its answer.
    const kinds = firstRound.map((res) =>
      res === original
        ? 'original'
        : res.status === 409
          ? res.body.error.code
          : res.headers.get('idempotent-replayed') === 'true' && JSON.stringify(res.body) === JSON.stringify(original?.body)
            ? 'replay'
            : `unexpected ${res.status}`,
    );
    expect([
      ['IdempotencyKeyInFlight', 'original'],
      ['original', 'replay'],
    ]).toContainEqual([...kinds].sort());

    const retries = await Promise.all([checkIn(a), checkIn(b)]);
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(original!.body);
    }
    const ledger = await call(a, 'GET', '/api/user/me/transactions', { token });
    expect(ledger.body.data.filter((row: { reference: string }) => row.reference.startsWith('checkin:'))).toHaveLength(1);
  });

  describe('scheduled push notifications, with both hosts working the job queue', () => {
    const devices: StandInSubscription[] = [];
    const notificationIds: string[] = [];

    /** A signed-in member with `count` devices subscribed at the push stand-in to the `challenges` topic. */
    async function memberWithDevices(count: number) {
      const token = await signIn(a, `push-${randomUUID().slice(0, 8)}@fans.example`);
      for (let i = 0; i < count; i++) {
        const device = pushService.subscription();
        const res = await call(i % 2 ? b : a, 'PUT', '/api/push/subscription', {
          token,
          body: { endpoint: device.endpoint, keys: device.keys, topics: ['challenges'], language: 'en' },
        });
        expect(res.status).toBe(200);
        devices.push(device);
      }
    }

    beforeAll(async () => {
      await memberWithDevices(2);
      await memberWithDevices(1);
      // Three notifications a second apart, scheduled through both hosts.
      for (const [i, host] of [a, b, a].entries()) {
        const sendAt = new Date(Date.now() + 1_500 + i * 1_000);
        const res = await call(host, 'POST', '/api/admin/push-notifications', {
          token: ops,
          body: { topic: 'challenges', title: `Lap ${i + 1}`, body: 'Green flag', sendAt: sendAt.toISOString() },
        });
        expect(res.status).toBe(202);
        const created = PushNotificationResponseSchema.parse(res.body).data;
        expect(created.status).toBe('scheduled');
        notificationIds.push(created.id);
      }
    });

    /** The pushes the stand-in received for notification `title`, in arrival order. */
    const pushesOf = (title: string) => pushService.received.filter((push) => (push.payload as { title?: string } | null)?.title === title);

    /** The job queue's jobs of queue `name` (pg-boss's own table, shared by both hosts), oldest first. */
    async function jobsOf(name: string) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ key: string | null; state: string; retries: number; completedOn: Date | null }>(
          `select singleton_key as key, state, retry_count as retries, completed_on as "completedOn"
           from pgboss.job where name = $1 order by created_on`,
          [name],
        );
        return rows;
      } finally {
        await client.end();
      }
    }

    /**
     * Waits until every notification is recorded as sent, its one job completed, and the minute scan of due
     * notifications (which would send a notification whose job was lost) has run once more since: a second send, if
     * any, has happened by then. Both cases wait on the same scan.
     */
    let scanned: Promise<void> | undefined;
    const afterTheNextScan = () => (scanned ??= waitForTheNextScan());
    async function waitForTheNextScan() {
      await expect
        .poll(
          async () => {
            const list = PushNotificationListResponseSchema.parse(
              (await call(b, 'GET', '/api/admin/push-notifications', { token: ops })).body,
            );
            return notificationIds.map((id) => list.data.find((n) => n.id === id)?.status);
          },
          { timeout: PUSH_DUE_SCAN_MS, interval: 250 },
        )
        .toEqual(['sent', 'sent', 'sent']);
      const sentAt = Date.now();
      await expect
        .poll(async () => (await jobsOf('push-due')).some((job) => job.state === 'completed' && job.completedOn!.getTime() > sentAt), {
          timeout: PUSH_DUE_SCAN_MS + 15_000,
          interval: 500,
        })
        .toBe(true);
    }

    it(
      'each scheduled notification reaches each device exactly once',
      async () => {
        await afterTheNextScan();
        for (const title of ['Lap 1', 'Lap 2', 'Lap 3']) {
          const pushes = pushesOf(title);
          expect(pushes.map((push) => push.status)).toEqual(Array(devices.length).fill(201));
          expect(pushes.map((push) => push.subscriptionId).sort()).toEqual(devices.map((device) => device.id).sort());
        }
        const list = PushNotificationListResponseSchema.parse((await call(a, 'GET', '/api/admin/push-notifications', { token: ops })).body);
        for (const id of notificationIds) {
          expect(list.data.find((n) => n.id === id)).toMatchObject({ status: 'sent', delivered: devices.length, failed: 0 });
        }
      },
      WAIT_TIMEOUT,
    );

    it(
      'a job is run by one host only: each notification has one job, run once, and its pushes all come from one host',
      async () => {
        await afterTheNextScan();
        const jobs = await jobsOf('push-notification');
        for (const id of notificationIds) {
          expect(jobs.filter((job) => job.key === id).map(({ state, retries }) => ({ state, retries }))).toEqual([
            { state: 'completed', retries: 0 },
          ]);
        }
        for (const title of ['Lap 1', 'Lap 2', 'Lap 3']) {
          const senders = new Set(pushesOf(title).map((push) => push.subject));
          expect(senders.size, title).toBe(1);
          expect(Object.values(SUBJECT)).toContain([...senders][0]);
        }
      },
      WAIT_TIMEOUT,
    );
  });
});
