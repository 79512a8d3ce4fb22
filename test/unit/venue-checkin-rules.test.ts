/** The time rules of a venue scan and the QR code's text (src/rules/venue-checkin.ts). */
import { describe, expect, it } from 'vitest';
import { readVenueQrText, typedCodeProblem, venueQrText, venueScanProblem, venueTimeStep } from '../../src/rules/venue-checkin';

const now = new Date('2026-11-23T20:00:00Z');
const at = (iso: string) => new Date(iso);
const event = { now, startsAt: at('2026-11-23T18:00:00Z'), endsAt: at('2026-11-23T22:00:00Z') };
const TOKEN = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('venueScanProblem (a QR scan)', () => {
  it('accepts a scan within the hours, up to 24 h old and up to 2 minutes ahead', () => {
    expect(venueScanProblem({ ...event, scannedAt: at('2026-11-23T19:00:00Z') })).toBeNull();
    expect(venueScanProblem({ ...event, scannedAt: at('2026-11-23T20:01:59Z') })).toBeNull();
    const long = { now, startsAt: at('2026-11-22T00:00:00Z'), endsAt: at('2026-11-24T00:00:00Z') };
    expect(venueScanProblem({ ...long, scannedAt: at('2026-11-22T20:00:00Z') })).toBeNull();
  });

  it('refuses a scan older than 24 h, in the future, or outside the hours (both ends)', () => {
    const long = { now, startsAt: at('2026-11-22T00:00:00Z'), endsAt: at('2026-11-24T00:00:00Z') };
    expect(venueScanProblem({ ...long, scannedAt: at('2026-11-22T19:59:59Z') })).toBe('too-old');
    expect(venueScanProblem({ ...long, scannedAt: at('2026-11-23T20:02:01Z') })).toBe('future');
    expect(venueScanProblem({ ...event, scannedAt: at('2026-11-23T17:59:59Z') })).toBe('outside-hours');
    expect(venueScanProblem({ ...event, now: at('2026-11-23T22:20:00Z'), scannedAt: at('2026-11-23T22:00:01Z') })).toBe('outside-hours');
  });

  it('a scan made during the hours is honoured when it arrives up to 30 minutes after the end, not later', () => {
    const scannedAt = at('2026-11-23T21:00:00Z');
    expect(venueScanProblem({ ...event, scannedAt, now: at('2026-11-23T22:30:00Z') })).toBeNull();
    expect(venueScanProblem({ ...event, scannedAt, now: at('2026-11-23T22:30:01Z') })).toBe('too-late');
  });
});

describe('typedCodeProblem', () => {
  it('a typed code is looked at when typed now, give or take 2 minutes of clock skew', () => {
    expect(typedCodeProblem(undefined, now)).toBeNull();
    expect(typedCodeProblem(at('2026-11-23T19:58:00Z'), now)).toBeNull();
    expect(typedCodeProblem(at('2026-11-23T20:02:00Z'), now)).toBeNull();
  });

  it('typed longer ago is late (it waited offline); further ahead is future', () => {
    expect(typedCodeProblem(at('2026-11-23T19:57:59Z'), now)).toBe('late');
    expect(typedCodeProblem(at('2026-11-23T20:02:01Z'), now)).toBe('future');
  });
});

describe('venueTimeStep', () => {
  it('counts 30-second steps since the epoch', () => {
    expect(venueTimeStep(at('1970-01-01T00:00:29.999Z'))).toBe(0);
    expect(venueTimeStep(at('1970-01-01T00:00:30Z'))).toBe(1);
  });
});

describe('the QR code text', () => {
  it('is a link to /venue with the event and the token, read back as such', () => {
    const text = venueQrText('https://club.example', 'e1', TOKEN);
    expect(text).toBe(`https://club.example/venue?event=e1&token=${TOKEN}`);
    expect(readVenueQrText(text)).toEqual({ eventId: 'e1', token: TOKEN });
  });

  it('anything else reads as null, the six digits of the old link included', () => {
    expect(readVenueQrText('hello')).toBeNull();
    expect(readVenueQrText(`https://club.example/other?event=e1&token=${TOKEN}`)).toBeNull();
    expect(readVenueQrText('https://club.example/venue?event=e1&token=short')).toBeNull();
    expect(readVenueQrText('https://club.example/venue?event=e1&code=012345')).toBeNull();
  });
});
