/**
 * `npm run bench:stadium [-- --members N] [-- --engines postgres,pglite] [-- --port P]`: the kick-off figures of
 * the stadium scale target, measured on the compiled production server (`build/server/main.js`, what `npm start`
 * runs) on a fresh PostgreSQL database (created on BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/
 * postgres, and dropped after) and on the embedded PGlite (in memory). No pass/fail exit code: it prints the
 * measured figures beside the required ones (the table of the stadium scale target).
 *
 * Per engine, with autocannon (100 connections, every request distinct where it matters):
 * 1. sign-in of N distinct members (POST /api/session/otp burst, codes read from the server log, then
 *    POST /api/session burst): members per second over both bursts;
 * 2. check-in burst (every member once, a new Idempotency-Key each): rate, p50, p99, non-2xx, errors, 201s;
 * 3. the same burst again with new keys: must award nothing (every answer `created: false`), then every
 *    member's ledger is read back (GET /api/user/me/transactions): exactly one check-in row each;
 * 4. GET /api/user/me and GET /api/challenge for 10 s each, against a Hono hello-world started from the same
 *    node_modules in the same run (ratio in %);
 * 5. half-time poll burst: every member answers one live poll once.
 *
 * Each member's requests carry a distinct `X-Forwarded-For` (server started with TRUST_PROXY=true): N phones,
 * not one client, so the per-IP sign-in limit sees what it would at a stadium with many public addresses.
 * Requests send `x-org-token` when GET /api/organization/current gives one. Members default to 10,000
 * (`--members`, or BENCH_MEMBERS). `BENCH_STADIUM_KEEP=1` keeps the PostgreSQL database for a look at its plans and
 * statistics afterwards (its name is printed).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, type RunningServer } from './lib/server';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: process.env.BENCH_MEMBERS ?? '10000' },
    engines: { type: 'string', default: 'postgres,pglite' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3230' },
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
  },
});
const MEMBERS = Number(args.members);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const PORT = Number(args.port);
const ENGINES = args.engines.split(',').map((e) => e.trim()) as Array<'postgres' | 'pglite'>;
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!Number.isInteger(MEMBERS) || MEMBERS < 1) throw new Error('--members must be a positive integer');

type Burst = {
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  seconds: number;
};
type Member = { email: string; ip: string; token: string };

/** A distinct client address per member (10.x.y.z). */
const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * Runs one autocannon burst of exactly `amount` requests; `build(i)` makes the i-th request (i < amount) and
 * `check(i, status, body)` sees its answer.
 */
/** Per-request state autocannon threads from setupRequest to onResponse: the request's index. */
type BurstContext = { i: number };

async function burst(
  server: RunningServer,
  amount: number,
  build: (i: number) => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string },
  check?: (i: number, status: number, body: string) => void,
): Promise<Burst> {
  let next = 0;
  // autocannon reports a run's duration at its next 1 s sample after the last answer, which would round a burst up to
  // whole seconds: the burst's time is taken here, from its start to its last answer.
  const started = performance.now();
  let answered = started;
  const result = await autocannon({
    url: server.baseUrl,
    connections: Math.min(CONNECTIONS, amount),
    amount,
    timeout: 30,
    requests: [
      {
        // autocannon hands the same context object to setupRequest and onResponse of one request.
        setupRequest: (request: autocannon.Request, context: object) => {
          const i = next++;
          (context as BurstContext).i = i;
          const r = build(i % amount);
          return { ...request, method: r.method, path: r.path, headers: r.headers, body: r.body };
        },
        onResponse: (status: number, body: string, context: object) => {
          answered = performance.now();
          check?.((context as BurstContext).i % amount, status, body);
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const seconds = (answered - started) / 1000;
  return {
    rate: amount / (seconds || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    seconds,
  };
}

/** Requests per second of a steady GET for DURATION seconds. */
async function steady(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Starts a Hono hello-world on `port` from this project's node_modules; returns its URL and a stop(). */
async function startHelloWorld(port: number) {
  const source = `import { Hono } from 'hono'; import { serve } from '@hono/node-server';
serve({ fetch: new Hono().get('/', (c) => c.text('Hello Hono!')).fetch, port: ${port}, hostname: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error('the hello-world server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
}

/**
 * Creates an empty PostgreSQL database on ADMIN_URL for one run.
 * @returns its URL and `drop()` (which ends the server's leftover connections: `with (force)`; it keeps the database
 *   when `BENCH_STADIUM_KEEP=1`)
 */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `podium_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      if (process.env.BENCH_STADIUM_KEEP === '1') console.log(`kept the database ${name} (BENCH_STADIUM_KEEP)`);
      else await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Everything measured on one engine (rates per second, latencies in ms). */
type EngineFigures = {
  engine: string;
  signIn: { perSecond: number; otp: Burst; session: Burst; signedIn: number };
  checkin: Burst & { created: number };
  second: Burst & { created: number };
  ledger: { checked: number; exactlyOne: number; burst: Burst };
  me: { rps: number; p99: number; non2xx: number; errors: number };
  challenge: { rps: number; p99: number; non2xx: number; errors: number };
  hello: { rps: number };
  poll: (Burst & { created: number }) | null;
};

/**
 * Starts the compiled server on `engine` (a fresh database), runs every burst of the header in order and stops
 * the server (and drops the PostgreSQL database) whatever happens.
 * @throws when the server does not start or no member could sign in
 */
async function measure(engine: 'postgres' | 'pglite'): Promise<EngineFigures> {
  const database = engine === 'postgres' ? await createDatabase() : null;
  const server = await startServer(
    PORT,
    {
      NODE_ENV: 'production',
      // Production refuses the development secret and the demo key: this run's own.
      AUTH_SECRET: `bench-${randomUUID()}`,
      ORGANIZATION_KEY: `pk_bench_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      STATIC_DIR: './dist',
      ...(database ? { DATABASE_URL: database.url } : { PODIUM_DATA_DIR: 'memory://' }),
    },
    { compiled: true, startTimeoutMs: 120_000 },
  );
  try {
    const config = await (await fetch(`${server.baseUrl}/config.json`)).json();
    const organization = await (
      await fetch(`${server.baseUrl}/api/organization/current`, { headers: { authorization: `Bearer ${config.organizationKey}` } })
    ).json();
    const orgHeaders: Record<string, string> = organization?.data?.token ? { 'x-org-token': organization.data.token } : {};
    const json = { 'content-type': 'application/json', ...orgHeaders };
    const visitor = (i: number) => ({ authorization: `Bearer ${config.organizationKey}`, 'x-forwarded-for': ipOf(i), ...json });
    const member = (m: Member) => ({ authorization: `Bearer ${m.token}`, 'x-forwarded-for': m.ip, ...json });

    // 1. Sign-in: code requests, then code verifications, of N distinct members.
    const run = Date.now().toString(36);
    const members: Member[] = Array.from({ length: MEMBERS }, (_, i) => ({
      email: `fan${i}.${run}@stadium.example`,
      ip: ipOf(i),
      token: '',
    }));
    console.log(`[${engine}] signing in ${MEMBERS} members...`);
    const otp = await burst(server, MEMBERS, (i) => ({
      method: 'POST',
      path: '/api/session/otp',
      headers: visitor(i),
      body: JSON.stringify({ email: members[i].email }),
    }));
    // The server writes each code before it answers 202, so they are read back one by one without waiting.
    const codes: string[] = [];
    for (const m of members) codes.push(await server.codeFor(m.email, 30_000).catch(() => '000000'));
    const session = await burst(
      server,
      MEMBERS,
      (i) => ({
        method: 'POST',
        path: '/api/session',
        headers: visitor(i),
        body: JSON.stringify({ email: members[i].email, code: codes[i] }),
      }),
      (i, status, body) => {
        if (status === 200) members[i].token = JSON.parse(body).data.token;
      },
    );
    const signedIn = members.filter((m) => m.token).length;
    const signIn = { perSecond: MEMBERS / (otp.seconds + session.seconds), otp, session, signedIn };
    const ready = members.filter((m) => m.token);
    if (ready.length === 0) throw new Error(`no member could sign in:\n${server.output().slice(-2000)}`);

    // 2-3. Check-in burst, then the same burst with new keys.
    const checkinBurst = async () => {
      let created = 0;
      const b = await burst(
        server,
        ready.length,
        (i) => ({ method: 'POST', path: '/api/checkin', headers: { ...member(ready[i]), 'idempotency-key': randomUUID() }, body: '{}' }),
        (_i, status, body) => {
          if (status < 300 && JSON.parse(body).data.created) created++;
        },
      );
      return { ...b, created };
    };
    console.log(`[${engine}] check-in bursts...`);
    const checkin = await checkinBurst();
    const second = await checkinBurst();
    let exactlyOne = 0;
    const ledgerBurst = await burst(
      server,
      ready.length,
      (i) => ({ method: 'GET', path: '/api/user/me/transactions', headers: member(ready[i]) }),
      (_i, status, body) => {
        if (status !== 200) return;
        const rows = JSON.parse(body).data as Array<{ reference: string }>;
        if (rows.filter((r) => r.reference.startsWith('checkin:')).length === 1) exactlyOne++;
      },
    );

    // 4. Reads against a hello-world in the same run.
    console.log(`[${engine}] reads against hello-world...`);
    const hello = await startHelloWorld(PORT + 1);
    const helloFigures = await steady(hello.url, {});
    await hello.stop();
    const me = await steady(`${server.baseUrl}/api/user/me`, member(ready[0]));
    const challenge = await steady(`${server.baseUrl}/api/challenge`, member(ready[0]));

    // 5. Half-time poll: every member answers one live poll.
    const list = await (await fetch(`${server.baseUrl}/api/challenge`, { headers: member(ready[0]) })).json();
    const live = (list.data as Array<{ challengeId: string; subtype: string; completed: boolean; expiresOn: string | null }>).find(
      (c) => c.subtype === 'poll' && !c.completed && (!c.expiresOn || new Date(c.expiresOn) > new Date()),
    );
    let poll: EngineFigures['poll'] = null;
    if (live) {
      console.log(`[${engine}] half-time poll burst...`);
      let created = 0;
      const b = await burst(
        server,
        ready.length,
        (i) => ({
          method: 'POST',
          path: `/api/challenge/${live.challengeId}`,
          headers: { ...member(ready[i]), 'idempotency-key': randomUUID() },
          body: JSON.stringify({ pool: { responseIndex: i % 2 } }),
        }),
        (_i, status) => {
          if (status >= 200 && status < 300) created++;
        },
      );
      poll = { ...b, created };
    }
    return {
      engine,
      signIn,
      checkin,
      second,
      ledger: { checked: ready.length, exactlyOne, burst: ledgerBurst },
      me,
      challenge,
      hello: { rps: helloFigures.rps },
      poll,
    };
  } finally {
    await server.stop();
    await database?.drop();
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'yes' : 'NO');

/** Prints the table of the stadium target for one engine's figures. */
function printTable(f: EngineFigures) {
  const pg = f.engine === 'postgres';
  const dupes = f.checkin.created - f.ledger.exactlyOne + f.second.created;
  const rows: Array<[string, string, string, boolean | null]> = [
    [
      `check-ins of ${fmt(f.ledger.checked)} distinct signed-in members, all at once`,
      `${fmt(f.checkin.rate)}/s, p50 ${f.checkin.p50} ms, p99 ${f.checkin.p99} ms, ${f.checkin.non2xx} non-2xx, ${f.checkin.errors + f.checkin.timeouts} errors, ${f.checkin.created} credited`,
      pg ? '>= 1,800/s, p99 < 200 ms, 0 errors, 0 duplicates' : '(measured, no target)',
      pg ? f.checkin.rate >= 1800 && f.checkin.p99 < 200 && f.checkin.errors + f.checkin.timeouts + f.checkin.non2xx === 0 : null,
    ],
    [
      'the same burst again, new Idempotency-Keys',
      `${fmt(f.second.rate)}/s, p99 ${f.second.p99} ms, ${f.second.non2xx} non-2xx, ${f.second.created} credited; ledgers with exactly one check-in: ${fmt(f.ledger.exactlyOne)} of ${fmt(f.ledger.checked)}`,
      '0 credited, every member exactly one check-in',
      f.second.created === 0 && f.ledger.exactlyOne === f.ledger.checked && dupes === 0,
    ],
    [
      'GET /api/user/me with a session, vs Hono hello-world',
      `${fmt((100 * f.me.rps) / f.hello.rps, 1)} % (${fmt(f.me.rps)} vs ${fmt(f.hello.rps)} req/s, p99 ${f.me.p99} ms, ${f.me.non2xx} non-2xx)`,
      pg ? '>= 25 %' : '>= 2.5 %',
      (100 * f.me.rps) / f.hello.rps >= (pg ? 25 : 2.5) && f.me.non2xx === 0,
    ],
    [
      'GET /api/challenge with a session, vs Hono hello-world',
      `${fmt((100 * f.challenge.rps) / f.hello.rps, 1)} % (${fmt(f.challenge.rps)} req/s, p99 ${f.challenge.p99} ms, ${f.challenge.non2xx} non-2xx)`,
      pg ? '>= 10 %' : '(measured, no target)',
      pg ? (100 * f.challenge.rps) / f.hello.rps >= 10 && f.challenge.non2xx === 0 : null,
    ],
    [
      'sign-in (code request + code verification) of distinct members',
      `${fmt(f.signIn.perSecond)}/s (${fmt(f.signIn.signedIn)} of ${fmt(MEMBERS)} signed in; otp ${fmt(f.signIn.otp.rate)}/s, p99 ${f.signIn.otp.p99} ms, ${f.signIn.otp.non2xx} non-2xx; session ${fmt(f.signIn.session.rate)}/s, p99 ${f.signIn.session.p99} ms, ${f.signIn.session.non2xx} non-2xx)`,
      pg ? '>= 500/s' : '(measured, no target)',
      pg ? f.signIn.perSecond >= 500 && f.signIn.signedIn === MEMBERS : null,
    ],
    [
      'half-time poll burst, every member answers one live poll',
      f.poll
        ? `${fmt(f.poll.rate)}/s, p50 ${f.poll.p50} ms, p99 ${f.poll.p99} ms, ${f.poll.non2xx} non-2xx, ${f.poll.errors + f.poll.timeouts} errors, ${fmt(f.poll.created)} answered`
        : 'no live poll in the seed',
      pg ? '>= 1,000/s, p99 < 200 ms, every answer credited once' : '(measured, no target)',
      pg && f.poll
        ? f.poll.rate >= 1000 && f.poll.p99 < 200 && f.poll.errors + f.poll.timeouts + f.poll.non2xx === 0 && f.poll.created === MEMBERS
        : null,
    ],
  ];
  console.log(`\n| figure (${pg ? 'PostgreSQL' : 'PGlite'}, one server process, ${CONNECTIONS} connections) | measured | required | met |`);
  console.log('| --- | --- | --- | --- |');
  for (const [figure, measured, required, ok] of rows)
    console.log(`| ${figure} | ${measured} | ${required} | ${ok === null ? '' : mark(ok)} |`);
  const statuses = (b: Burst) =>
    Object.entries(b.statuses)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
  console.log(
    `status codes: otp {${statuses(f.signIn.otp)}}, session {${statuses(f.signIn.session)}}, check-in {${statuses(f.checkin)}}, second {${statuses(f.second)}}${f.poll ? `, poll {${statuses(f.poll)}}` : ''}`,
  );
}

console.log(
  `bench:stadium: ${MEMBERS} members, ${CONNECTIONS} connections, engines ${ENGINES.join(', ')}, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const figures: EngineFigures[] = [];
for (const engine of ENGINES) figures.push(await measure(engine));
for (const f of figures) printTable(f);
