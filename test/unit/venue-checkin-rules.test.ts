/** The time rules of a venue scan and the QR code's text (src/rules/venue-checkin.ts, decision 0059). */
import { describe, expect, it } from 'vitest';
import { readVenueQrText, venueQrText, venueScanAgeProblem, venueScanProblem } from '../../src/rules/venue-checkin';

const now = new Date('2026-11-23T20:00:00Z');
const at = (iso: string) => new Date(iso);
const event = { now, startsAt: at('2026-11-23T18:00:00Z'), endsAt: at('2026-11-23T22:00:00Z') };

describe('venueScanProblem', () => {
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
    expect(venueScanProblem({ ...event, now: at('2026-11-23T23:00:00Z'), scannedAt: at('2026-11-23T22:00:01Z') })).toBe('outside-hours');
  });

  it('venueScanAgeProblem checks the age only', () => {
    expect(venueScanAgeProblem(at('2026-11-23T01:00:00Z'), now)).toBeNull();
    expect(venueScanAgeProblem(at('2026-11-22T19:00:00Z'), now)).toBe('too-old');
    expect(venueScanAgeProblem(at('2026-11-23T21:00:00Z'), now)).toBe('future');
  });
});

describe('the QR code text', () => {
  it('is a link to /venue with the event and the code, read back as such', () => {
    const text = venueQrText('https://club.example', 'e1', '012345');
    expect(text).toBe('https://club.example/venue?event=e1&code=012345');
    expect(readVenueQrText(text)).toEqual({ eventId: 'e1', code: '012345' });
  });

  it('anything else reads as null', () => {
    expect(readVenueQrText('hello')).toBeNull();
    expect(readVenueQrText('https://club.example/other?event=e1&code=012345')).toBeNull();
    expect(readVenueQrText('https://club.example/venue?event=e1&code=abc')).toBeNull();
  });
});
