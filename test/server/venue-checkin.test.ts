/**
 * Venue check-in by code (decision 0059): the operator's rotating code (operator-only, secret never sent), and a
 * fan's scan honoured when the code was the event's at the scan time (one period of tolerance), within the event's
 * hours, at most 24 h old; once per member and event, on replay and under concurrency.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminVenueEventResponseSchema, VenueCodeResponseSchema } from '../../src/contracts/admin/venue-event';
import { VenueAttendanceListResponseSchema, VenueCheckinResultResponseSchema } from '../../src/contracts/venue';
import { auditLog, venueEvents } from '../../server/db/schema';
import { venueCodeAt } from '../../server/domain/venue-checkin';
import { createContentContext, createMember, ledgerRows, walletOf } from './content-fixtures';
import type { TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const PERIOD = 30_000;
const HOUR = 60 * 60 * 1000;
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
const scan = (token: string, body: Record<string, unknown>, key?: string) =>
  t.request('POST', '/api/venue/checkins', { token, body, headers: key ? { 'idempotency-key': key } : {} });

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

/** The event's code at `at`, from its stored secret (what the operator's screen showed then). */
async function codeAt(eventId: string, at: Date) {
  const [row] = await t.db.select({ secret: venueEvents.secret }).from(venueEvents).where(eq(venueEvents.id, eventId));
  return venueCodeAt(row.secret, at).code;
}

/** A six-digit code that is none of the event's codes around `at` (a forged one). */
async function forgedCode(eventId: string, at: Date) {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((k) => codeAt(eventId, new Date(at.getTime() + k * PERIOD)))));
  let code = '000000';
  for (let n = 123456; near.has(code); n += 1) code = String(n).padStart(6, '0');
  return code;
}

describe('the operator side', () => {
  it('creates an event (audit-logged, no secret in the item or the log) and reads its current code; members cannot', async () => {
    const id = await venueEvent();
    const item = await admin('GET', `/venue-events/${id}`);
    expect(item.status).toBe(200);
    expect(item.text).not.toContain('secret');
    const [log] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.entity, 'venue-events')));
    expect(log).toMatchObject({ action: 'create', actorEmail: OPERATOR });
    expect(JSON.stringify(log.after)).not.toContain('secret');

    const code = VenueCodeResponseSchema.parse((await admin('GET', `/venue-events/${id}/code`)).body).data;
    expect(code).toMatchObject({ eventId: id, periodSeconds: 30, code: await codeAt(id, t.clock()) });
    expect(Date.parse(code.rotatesAt)).toBe(t.clock().getTime() + PERIOD);

    const member = await createMember(t);
    expect((await t.request('GET', `/api/admin/venue-events/${id}/code`, { token: member.token })).status).toBe(403);
    expect((await admin('GET', `/venue-events/${randomUUID()}/code`)).status).toBe(404);
  });
});

describe('POST /venue/checkins', () => {
  it('a valid code checks the member in: points with reason venue_checkin, and the venue in "I was there"', async () => {
    const id = await venueEvent({ value: 50 });
    const member = await createMember(t);
    const { code } = VenueCodeResponseSchema.parse((await admin('GET', `/venue-events/${id}/code`)).body).data;
    const res = await scan(member.token, { code, eventId: id });
    expect(res.status).toBe(201);
    expect(VenueCheckinResultResponseSchema.parse(res.body).data).toMatchObject({ eventId: id, created: true, pointsAwarded: 50, venue: 'Stade Pierre-Mauroy' });
    const [entry] = await ledgerRows(t, member.userId, `venue_checkin:${id}`);
    expect(entry).toMatchObject({ reason: 'venue_checkin', amount: 50 });
    const attended = await t.request('GET', '/api/venue/checkins', { token: member.token, headers: { 'accept-language': 'fr' } });
    expect(VenueAttendanceListResponseSchema.parse(attended.body).data).toEqual([expect.objectContaining({ eventId: id, name: 'Le match' })]);
  });

  it('a typed code alone finds its event among the open ones', async () => {
    await venueEvent();
    const id = await venueEvent();
    const member = await createMember(t);
    const res = await scan(member.token, { code: ` ${(await codeAt(id, t.clock())).replace(/(\d{3})/, '$1 ')}` });
    expect(res.status).toBe(201);
    expect(res.body.data.eventId).toBe(id);
  });

  it('a code one period old is accepted (tolerance); two periods old is VenueCodeInvalid', async () => {
    const id = await venueEvent();
    const shown = await codeAt(id, t.clock());
    const late = await createMember(t);
    const tooLate = await createMember(t);
    t.clock.advance(PERIOD);
    expect((await scan(late.token, { code: shown, eventId: id })).status).toBe(201);
    t.clock.advance(PERIOD);
    const res = await scan(tooLate.token, { code: shown, eventId: id });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VenueCodeInvalid');
    expect((await walletOf(t, tooLate.userId)).transactions).toBe(0);
  });

  it('a forged code, and another event’s code, are VenueCodeInvalid', async () => {
    const id = await venueEvent();
    const other = await venueEvent();
    const member = await createMember(t);
    const forged = await scan(member.token, { code: await forgedCode(id, t.clock()), eventId: id });
    expect(forged.status).toBe(422);
    expect(forged.body.error.code).toBe('VenueCodeInvalid');
    const otherCode = await codeAt(other, t.clock());
    expect(otherCode).not.toBe(await codeAt(id, t.clock()));
    const crossed = await scan(member.token, { code: otherCode, eventId: id });
    expect(crossed.body.error.code).toBe('VenueCodeInvalid');
    expect((await walletOf(t, member.userId)).transactions).toBe(0);
  });

  it('replayed: the same member twice is credited once (200 created false), and an Idempotency-Key replay answers the same', async () => {
    const id = await venueEvent({ value: 20 });
    const member = await createMember(t);
    const body = { code: await codeAt(id, t.clock()), eventId: id };
    const key = randomUUID();
    const first = await scan(member.token, body, key);
    expect(first.status).toBe(201);
    const replay = await scan(member.token, body, key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const again = await scan(member.token, body, randomUUID());
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, pointsAwarded: 20 });
    expect(await walletOf(t, member.userId)).toMatchObject({ points: 20, transactions: 1 });
  });

  it('outside the event’s hours is VenueClosed, with the QR code and with a typed code', async () => {
    const id = await venueEvent({ from: HOUR, to: 2 * HOUR });
    const member = await createMember(t);
    const code = await codeAt(id, t.clock());
    const qr = await scan(member.token, { code, eventId: id });
    expect(qr.status).toBe(422);
    expect(qr.body.error.code).toBe('VenueClosed');
    const typed = await scan(member.token, { code: await forgedCode(id, t.clock()), scannedAt: iso(-23 * HOUR) });
    expect(typed.body.error.code).toBe('VenueClosed');
  });

  it('a scan queued offline is honoured at its own time (event over since); older than 24 h or in the future is VenueScanTime', async () => {
    const id = await venueEvent({ from: -5 * HOUR, to: -HOUR });
    const scannedAt = new Date(t.clock().getTime() - 2 * HOUR);
    const member = await createMember(t);
    const queued = await scan(member.token, { code: await codeAt(id, scannedAt), eventId: id, scannedAt: scannedAt.toISOString() });
    expect(queued.status).toBe(201);
    expect(queued.body.data.scannedAt).toBe(scannedAt.toISOString());

    const old = await venueEvent({ from: -30 * HOUR, to: -20 * HOUR });
    const then = new Date(t.clock().getTime() - 25 * HOUR);
    const stale = await scan(member.token, { code: await codeAt(old, then), eventId: old, scannedAt: then.toISOString() });
    expect(stale.status).toBe(422);
    expect(stale.body.error.code).toBe('VenueScanTime');
    const ahead = new Date(t.clock().getTime() + HOUR);
    const future = await scan(member.token, { code: await codeAt(id, ahead), eventId: id, scannedAt: ahead.toISOString() });
    expect(future.body.error.code).toBe('VenueScanTime');
  });

  it('20 parallel scans of one member credit once', async () => {
    const id = await venueEvent({ value: 10 });
    const member = await createMember(t);
    const body = { code: await codeAt(id, t.clock()), eventId: id };
    const results = await Promise.all(Array.from({ length: 20 }, () => scan(member.token, body, randomUUID())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(await walletOf(t, member.userId)).toMatchObject({ points: 10, transactions: 1 });
  });

  it('a draft event, a malformed code and an unknown event are refused without crediting', async () => {
    const member = await createMember(t);
    expect((await scan(member.token, { code: '12ab56' })).status).toBe(422);
    expect((await scan(member.token, { code: '123456', eventId: randomUUID() })).status).toBe(404);
    const id = await venueEvent();
    expect((await admin('PATCH', `/venue-events/${id}`, { draft: true })).status).toBe(200);
    expect((await scan(member.token, { code: await codeAt(id, t.clock()), eventId: id })).status).toBe(404);
    expect((await walletOf(t, member.userId)).transactions).toBe(0);
  });
});
