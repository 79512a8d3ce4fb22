/**
 * Venue check-in by code (decisions 0059, 0068): the operator's rotating code and QR token (operator-only, secret
 * never sent); a typed code honoured at the server's time only (one step either side, never back-dated); a QR token
 * signed per event and step, honoured back-dated within the event's hours when it arrives by the grace after the
 * end; wrong codes limited per member (typed), per member and event (QR) and per client address (typed); once per
 * member and event, on replay and under concurrency.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminVenueEventResponseSchema, VenueCodeResponseSchema } from '../../src/contracts/admin/venue-event';
import {
  LiveVenueEventListResponseSchema,
  VenueAttendanceListResponseSchema,
  VenueCheckinResultResponseSchema,
} from '../../src/contracts/venue';
import { VENUE_OFFLINE_GRACE_MS } from '../../src/rules/venue-checkin';
import { auditLog, venueEvents } from '../../server/db/schema';
import { venueCodeAt } from '../../server/areas/venue/venue.service';
import { createContentContext, createMember, ledgerRows, walletOf } from './content-fixtures';
import type { TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const PERIOD = 30_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createContentContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  // Start on a period boundary, so "a period later" is plainly the next code.
  t.clock.set(new Date(Math.floor(Date.now() / PERIOD) * PERIOD));
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t?.close());

const admin = (method: string, path: string, body?: unknown) => t.request(method, `/api/admin${path}`, { token: ops, body });
const iso = (offsetMs: number) => new Date(t.clock().getTime() + offsetMs).toISOString();
const scan = (token: string, body: Record<string, unknown>, options: { key?: string; from?: string } = {}) =>
  t.request('POST', '/api/venue/checkins', {
    token,
    body,
    headers: options.key ? { 'idempotency-key': options.key } : {},
    remoteAddress: options.from,
  });

/** Creates a venue event through the admin API (open from `from` to `to` ms around now); returns its id. */
async function venueEvent(options: { from?: number; to?: number; value?: number } = {}) {
  const res = await admin('POST', '/venue-events', {
    name: `Match ${randomUUID().slice(0, 6)}`,
    venue: 'Stade Pierre-Mauroy',
    startsAt: iso(options.from ?? -HOUR),
    endsAt: iso(options.to ?? 3 * HOUR),
    value: options.value ?? 50,
    translations: { fr: { name: 'Le match' } },
  });
  expect(res.status).toBe(201);
  return AdminVenueEventResponseSchema.parse(res.body).data.id;
}

/** What the venue screen of the event showed at `at` (code and QR token), from its stored secret. */
async function shownAt(eventId: string, at: Date) {
  const [row] = await t.db.select({ secret: venueEvents.secret }).from(venueEvents).where(eq(venueEvents.id, eventId));
  return venueCodeAt(row.secret, eventId, at);
}
const codeAt = async (eventId: string, at: Date) => (await shownAt(eventId, at)).code;
/** The body of a QR scan of the event's screen as it was at `at`. */
const qrAt = async (eventId: string, at: Date) => ({ eventId, token: (await shownAt(eventId, at)).token });

/** A six-digit code that is none of the codes of the open events around `at` (a wrong guess). */
async function wrongCode(at: Date) {
  const open = await t.db.select({ id: venueEvents.id }).from(venueEvents);
  const near = new Set<string>();
  for (const { id } of open) for (const k of [-2, -1, 0, 1, 2]) near.add(await codeAt(id, new Date(at.getTime() + k * PERIOD)));
  let code = '000000';
  for (let n = 123456; near.has(code); n += 1) code = String(n).padStart(6, '0');
  return code;
}

/** A well-formed QR token that no event ever made. */
const forgedToken = () => Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');

describe('the operator side', () => {
  it('creates an event (audit-logged, no secret in the item or the log) and reads its current code and QR token; members cannot', async () => {
    const id = await venueEvent();
    const item = await admin('GET', `/venue-events/${id}`);
    expect(item.status).toBe(200);
    expect(item.text).not.toContain('secret');
    const [log] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.entity, 'venue-events')));
    expect(log).toMatchObject({ action: 'create', actorEmail: OPERATOR });
    expect(JSON.stringify(log.after)).not.toContain('secret');

    const code = VenueCodeResponseSchema.parse((await admin('GET', `/venue-events/${id}/code`)).body).data;
    const shown = await shownAt(id, t.clock());
    expect(code).toMatchObject({ eventId: id, periodSeconds: 30, code: shown.code, token: shown.token });
    expect(code.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(code.rotatesAt)).toBe(t.clock().getTime() + PERIOD);

    const member = await createMember(t);
    expect((await t.request('GET', `/api/admin/venue-events/${id}/code`, { token: member.token })).status).toBe(403);
    expect((await admin('GET', `/venue-events/${randomUUID()}/code`)).status).toBe(404);
  });

  it("the code answer carries the next step's code, the one shown after rotatesAt, which already checks a fan in", async () => {
    const id = await venueEvent();
    const code = VenueCodeResponseSchema.parse((await admin('GET', `/venue-events/${id}/code`)).body).data;
    const after = await shownAt(id, new Date(code.rotatesAt));
    expect(code.next).toEqual({
      code: after.code,
      token: after.token,
      rotatesAt: new Date(Date.parse(code.rotatesAt) + PERIOD).toISOString(),
    });
    // Showing it a little early (a big screen whose clock is ahead) still lets fans in.
    const member = await createMember(t);
    expect((await scan(member.token, { code: code.next.code })).status).toBe(201);
  });
});

describe('POST /venue/checkins', () => {
  it('a scanned QR token checks the member in: points with reason venue_checkin, and the venue in "I was there"', async () => {
    const id = await venueEvent({ value: 50 });
    const member = await createMember(t);
    const { token } = VenueCodeResponseSchema.parse((await admin('GET', `/venue-events/${id}/code`)).body).data;
    const res = await scan(member.token, { eventId: id, token });
    expect(res.status).toBe(201);
    expect(VenueCheckinResultResponseSchema.parse(res.body).data).toMatchObject({
      eventId: id,
      created: true,
      pointsAwarded: 50,
      venue: 'Stade Pierre-Mauroy',
    });
    const [entry] = await ledgerRows(t, member.userId, `venue_checkin:${id}`);
    expect(entry).toMatchObject({ reason: 'venue_checkin', amount: 50 });
    const attended = await t.request('GET', '/api/venue/checkins', { token: member.token, headers: { 'accept-language': 'fr' } });
    expect(VenueAttendanceListResponseSchema.parse(attended.body).data).toEqual([
      expect.objectContaining({ eventId: id, name: 'Le match' }),
    ]);
  });

  it('a typed code alone finds its event among the open ones', async () => {
    await venueEvent();
    const id = await venueEvent();
    const member = await createMember(t);
    const res = await scan(member.token, { code: ` ${(await codeAt(id, t.clock())).replace(/(\d{3})/, '$1 ')}` });
    expect(res.status).toBe(201);
    expect(res.body.data.eventId).toBe(id);
  });

  it('a typed code or QR token one step old is accepted (tolerance); two steps old is VenueCodeInvalid', async () => {
    const id = await venueEvent();
    const shownCode = await codeAt(id, t.clock());
    const shownQr = await qrAt(id, t.clock());
    const [typedLate, qrLate, typedTooLate, qrTooLate] = await Promise.all([1, 2, 3, 4].map(() => createMember(t)));
    t.clock.advance(PERIOD);
    expect((await scan(typedLate.token, { code: shownCode })).status).toBe(201);
    expect((await scan(qrLate.token, shownQr)).status).toBe(201);
    t.clock.advance(PERIOD);
    for (const [member, body] of [
      [typedTooLate, { code: shownCode }],
      [qrTooLate, shownQr],
    ] as const) {
      const res = await scan(member.token, body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('VenueCodeInvalid');
      expect((await walletOf(t, member.userId)).transactions).toBe(0);
    }
  });

  it('a typed code with a back-dated scannedAt is refused (VenueCodeExpired), even the code of that moment', async () => {
    const id = await venueEvent();
    const member = await createMember(t);
    // The code shown 9 minutes ago, sent now as if it had been typed then.
    const then = new Date(t.clock().getTime() - 9 * MINUTE);
    const res = await scan(member.token, { code: await codeAt(id, then), scannedAt: then.toISOString() });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VenueCodeExpired');
    // Stepping scannedAt back one period at a time finds nothing either.
    for (let k = 1; k <= 20; k++) {
      const at = new Date(t.clock().getTime() - 90_000 - k * PERIOD);
      expect((await scan(member.token, { code: await codeAt(id, at), scannedAt: at.toISOString() })).status).toBe(422);
    }
    expect((await walletOf(t, member.userId)).transactions).toBe(0);
  });

  it('a forged QR token, another event’s token and a forged typed code are VenueCodeInvalid', async () => {
    const id = await venueEvent();
    const other = await venueEvent();
    const member = await createMember(t);
    const forged = await scan(member.token, { eventId: id, token: forgedToken() });
    expect(forged.status).toBe(422);
    expect(forged.body.error.code).toBe('VenueCodeInvalid');
    const crossed = await scan(member.token, { eventId: id, token: (await qrAt(other, t.clock())).token });
    expect(crossed.status).toBe(422);
    expect(crossed.body.error.code).toBe('VenueCodeInvalid');
    const typed = await scan(member.token, { code: await wrongCode(t.clock()) });
    expect(typed.body.error.code).toBe('VenueCodeInvalid');
    // The digits alone no longer make a QR scan.
    expect((await scan(member.token, { eventId: id, code: await codeAt(id, t.clock()) })).status).toBe(422);
    expect((await walletOf(t, member.userId)).transactions).toBe(0);
  });

  it('replayed: the same member twice is credited once (200 created false), and an Idempotency-Key replay answers the same', async () => {
    const id = await venueEvent({ value: 20 });
    const member = await createMember(t);
    const body = await qrAt(id, t.clock());
    const key = randomUUID();
    const first = await scan(member.token, body, { key });
    expect(first.status).toBe(201);
    const replay = await scan(member.token, body, { key });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const again = await scan(member.token, body, { key: randomUUID() });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, pointsAwarded: 20 });
    expect(await walletOf(t, member.userId)).toMatchObject({ points: 20, transactions: 1 });
  });

  it('outside the event’s hours is VenueClosed, with the QR code and with a typed code', async () => {
    const id = await venueEvent({ from: HOUR, to: 2 * HOUR });
    const member = await createMember(t);
    const qr = await scan(member.token, await qrAt(id, t.clock()));
    expect(qr.status).toBe(422);
    expect(qr.body.error.code).toBe('VenueClosed');
    t.clock.advance(3 * HOUR + MINUTE);
    // Later, with no event open at all (the events of the other tests have ended too).
    const typed = await scan(member.token, { code: await codeAt(id, t.clock()) });
    expect(typed.body.error.code).toBe('VenueClosed');
  });

  it('a QR scan queued offline is honoured at its own time when it arrives by the grace after the end; later is VenueScanLate', async () => {
    const id = await venueEvent({ from: -3 * HOUR, to: -10 * MINUTE });
    const scannedAt = new Date(t.clock().getTime() - 2 * HOUR);
    const [member, late] = [await createMember(t), await createMember(t)];
    const body = { ...(await qrAt(id, scannedAt)), scannedAt: scannedAt.toISOString() };
    const queued = await scan(member.token, body);
    expect(queued.status).toBe(201);
    expect(queued.body.data.scannedAt).toBe(scannedAt.toISOString());

    // The same scan reaching the server just after the event's end plus the grace is refused.
    t.clock.advance(VENUE_OFFLINE_GRACE_MS - 10 * MINUTE + 1000);
    const tooLate = await scan(late.token, body);
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.error.code).toBe('VenueScanLate');
    expect((await walletOf(t, late.userId)).transactions).toBe(0);
  });

  it('a QR token is honoured back-dated only with a scannedAt of its own step; older than 24 h or in the future is VenueScanTime', async () => {
    const id = await venueEvent({ from: -3 * HOUR, to: HOUR });
    const member = await createMember(t);
    const shown = new Date(t.clock().getTime() - HOUR);
    // The token shown an hour ago, claimed as scanned ten minutes before that: not the token of that moment.
    const misdated = await scan(member.token, {
      ...(await qrAt(id, shown)),
      scannedAt: new Date(shown.getTime() - 10 * MINUTE).toISOString(),
    });
    expect(misdated.status).toBe(422);
    expect(misdated.body.error.code).toBe('VenueCodeInvalid');

    const old = await venueEvent({ from: -30 * HOUR, to: 2 * HOUR });
    const then = new Date(t.clock().getTime() - 25 * HOUR);
    const stale = await scan(member.token, { ...(await qrAt(old, then)), scannedAt: then.toISOString() });
    expect(stale.status).toBe(422);
    expect(stale.body.error.code).toBe('VenueScanTime');
    const ahead = new Date(t.clock().getTime() + HOUR);
    const future = await scan(member.token, { ...(await qrAt(id, ahead)), scannedAt: ahead.toISOString() });
    expect(future.body.error.code).toBe('VenueScanTime');
    expect((await walletOf(t, member.userId)).transactions).toBe(0);
  });

  it('a current QR token is honoured at the server’s time when the phone’s clock is off', async () => {
    const id = await venueEvent();
    const member = await createMember(t);
    const res = await scan(member.token, { ...(await qrAt(id, t.clock())), scannedAt: iso(-5 * MINUTE) });
    expect(res.status).toBe(201);
    expect(res.body.data.scannedAt).toBe(t.clock().toISOString());
  });

  it('20 parallel scans of one member credit once', async () => {
    const id = await venueEvent({ value: 10 });
    const member = await createMember(t);
    const body = await qrAt(id, t.clock());
    const results = await Promise.all(Array.from({ length: 20 }, () => scan(member.token, body, { key: randomUUID() })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(await walletOf(t, member.userId)).toMatchObject({ points: 10, transactions: 1 });
  });

  it('a draft event, a malformed code or token and an unknown event are refused without crediting', async () => {
    const member = await createMember(t);
    expect((await scan(member.token, { code: '12ab56' })).status).toBe(422);
    expect((await scan(member.token, { eventId: randomUUID(), token: 'short' })).status).toBe(422);
    expect((await scan(member.token, { eventId: randomUUID(), token: forgedToken() })).status).toBe(404);
    const id = await venueEvent();
    expect((await admin('PATCH', `/venue-events/${id}`, { draft: true })).status).toBe(200);
    expect((await scan(member.token, await qrAt(id, t.clock()))).status).toBe(404);
    expect((await walletOf(t, member.userId)).transactions).toBe(0);
  });
});

describe('GET /venue/events/live', () => {
  it('lists the published events open now, in the member’s language, with whether they checked in; no code or secret', async () => {
    const open = await venueEvent({ value: 40 });
    const later = await venueEvent({ from: 2 * HOUR, to: 5 * HOUR });
    const over = await venueEvent({ from: -3 * HOUR, to: -HOUR });
    const member = await createMember(t);
    const live = async () => {
      const res = await t.request('GET', '/api/venue/events/live', { token: member.token, headers: { 'accept-language': 'fr' } });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/secret|token|code/i);
      return LiveVenueEventListResponseSchema.parse(res.body).data;
    };
    const before = await live();
    expect(before.map((e) => e.eventId)).toContain(open);
    expect(before.map((e) => e.eventId)).not.toContain(later);
    expect(before.map((e) => e.eventId)).not.toContain(over);
    expect(before.find((e) => e.eventId === open)).toMatchObject({
      name: 'Le match',
      venue: 'Stade Pierre-Mauroy',
      value: 40,
      checkedIn: false,
    });
    expect((await scan(member.token, await qrAt(open, t.clock()))).status).toBe(201);
    expect((await live()).find((e) => e.eventId === open)?.checkedIn).toBe(true);
    expect((await t.request('GET', '/api/venue/events/live')).status).toBe(401);
  });
});

describe('guessing', () => {
  const STADIUM = '203.0.113.7';

  it('the 11th wrong typed code within 15 minutes is 429 with Retry-After, a right code too; another member behind the same address still checks in', async () => {
    const id = await venueEvent({ to: 2 * HOUR });
    const [guesser, neighbour] = [await createMember(t), await createMember(t)];
    const wrong = await wrongCode(t.clock());
    for (let i = 0; i < 10; i++) {
      const res = await scan(guesser.token, { code: wrong }, { from: STADIUM });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('VenueCodeInvalid');
    }
    const eleventh = await scan(guesser.token, { code: wrong }, { from: STADIUM });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(eleventh.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    const right = await scan(guesser.token, { code: await codeAt(id, t.clock()) }, { from: STADIUM });
    expect(right.status).toBe(429);
    expect((await walletOf(t, guesser.userId)).transactions).toBe(0);

    expect((await scan(neighbour.token, { code: await codeAt(id, t.clock()) }, { from: STADIUM })).status).toBe(201);
    t.clock.advance(15 * MINUTE);
    expect((await scan(guesser.token, { code: await codeAt(id, t.clock()) }, { from: STADIUM })).status).toBe(201);
  });

  it('30 parallel wrong typed codes of one member: 10 are judged, the rest are 429', async () => {
    await venueEvent();
    const member = await createMember(t);
    const wrong = await wrongCode(t.clock());
    const results = await Promise.all(Array.from({ length: 30 }, () => scan(member.token, { code: wrong }, { key: randomUUID() })));
    expect(results.filter((r) => r.status === 422)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it('right codes and refusals that judge no code do not count: after them, 10 wrong codes are still judged and the 11th is 429', async () => {
    const id = await venueEvent();
    const member = await createMember(t);
    const wrong = await wrongCode(t.clock());
    expect((await scan(member.token, { code: await codeAt(id, t.clock()) })).status).toBe(201);
    expect((await scan(member.token, { code: wrong, scannedAt: iso(-HOUR) })).body.error.code).toBe('VenueCodeExpired');
    for (let i = 0; i < 10; i++) expect((await scan(member.token, { code: wrong })).status).toBe(422);
    expect((await scan(member.token, { code: wrong })).status).toBe(429);
  });

  it('wrong QR tokens are limited per member and event: the 11th is 429, another event’s token still checks in', async () => {
    const id = await venueEvent();
    const other = await venueEvent();
    const member = await createMember(t);
    for (let i = 0; i < 10; i++) expect((await scan(member.token, { eventId: id, token: forgedToken() })).status).toBe(422);
    const eleventh = await scan(member.token, await qrAt(id, t.clock()));
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await scan(member.token, await qrAt(other, t.clock()))).status).toBe(201);
  });
});

describe('the client address ceiling', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createContentContext({ env: { OPERATOR_EMAILS: OPERATOR, VENUE_ADDRESS_FAILURES_PER_15_MIN: '3' } });
  });
  afterAll(async () => small?.close());

  it('once an address has sent its allowance of wrong typed codes, its typed codes are 429; QR scans and other addresses go on', async () => {
    const operator = await small.signIn(OPERATOR);
    const created = await small.request('POST', '/api/admin/venue-events', {
      token: operator,
      body: {
        name: 'Derby',
        venue: 'Stade',
        startsAt: new Date(small.clock().getTime() - HOUR).toISOString(),
        endsAt: new Date(small.clock().getTime() + HOUR).toISOString(),
        value: 5,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const [{ secret }] = await small.db.select({ secret: venueEvents.secret }).from(venueEvents).where(eq(venueEvents.id, id));
    const near = new Set([-1, 0, 1].map((k) => venueCodeAt(secret, id, new Date(small.clock().getTime() + k * PERIOD)).code));
    const wrong = ['000000', '000001', '000002', '000003'].find((c) => !near.has(c));
    const screen = async () =>
      VenueCodeResponseSchema.parse((await small.request('GET', `/api/admin/venue-events/${id}/code`, { token: operator })).body).data;
    const post = (token: string, body: Record<string, unknown>, from: string) =>
      small.request('POST', '/api/venue/checkins', { token, body, remoteAddress: from });
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(small)));
    for (const member of members.slice(0, 3)) expect((await post(member.token, { code: wrong }, '198.51.100.1')).status).toBe(422);
    const refused = await post(members[3].token, { code: (await screen()).code }, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await post(members[4].token, { eventId: id, token: (await screen()).token }, '198.51.100.1')).status).toBe(201);
    expect((await post(members[5].token, { code: (await screen()).code }, '192.0.2.9')).status).toBe(201);
  });
});
