/**
 * The verifiable sweepstake draw (decision 0054), in one place for the server (`server/areas/sweepstakes/draws.service.ts`) and
 * the verification script (`scripts/verify-draw.ts`). Pure: it runs in Node and in a browser alike
 * (`@noble/hashes` for SHA-256 and HMAC), so anyone can re-run a draw from what the API publishes.
 *
 * The algorithm, exactly:
 * 1. The published entry list is the eligible entry rows in the order (created_at, id); entry `i` holds
 *    `tickets` tickets. Tickets are numbered 0..N-1 by expanding the list in order (entry 0's tickets first);
 *    ticket `t` is identified as `<entry>:<k>` (k = 0-based index inside its entry).
 * 2. Round r = 0, 1, 2, ... gives the 32-byte digest HMAC-SHA256(key = seed bytes, message = UTF-8 "draw:" + r).
 *    Its first 6 bytes, big-endian, are an integer x < 2^48. With limit = 2^48 - (2^48 mod N), a round with
 *    x >= limit is rejected (so every ticket is equally likely); otherwise the round picks ticket x mod N.
 * 3. A pick whose member already won (or was already picked and replaced) is skipped. Picks continue until
 *    `count` distinct members are picked, or every member is.
 * 4. Place p (1-based) is the p-th pick. A redraw for an unclaimed prize takes the next pick of the same stream.
 *
 * The commitment published from the sweepstake's creation is SHA-256(seed bytes), hex.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** One row of the published entry list: an entry id, its member (a pseudonym), its ticket count. */
export type DrawEntry = { entry: string; member: string; tickets: number };

/** One pick of the draw: the place (1-based), the winning ticket (0-based) and the member who holds it. */
export type DrawPick = { place: number; ticket: number; ticketId: string; member: string; round: number };

/** Bytes of a draw seed. */
export const DRAW_SEED_BYTES = 32;

const SEED_HEX = /^[0-9a-f]{64}$/;
const RANGE = 2 ** 48;

/**
 * The commitment of a seed.
 * @param seedHex the seed, 64 lowercase hex characters
 * @returns SHA-256 of the seed's bytes, 64 lowercase hex characters
 * @throws Error when `seedHex` is not 32 bytes of hex
 */
export function seedCommitment(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}

/** True when `seedHex` hashes to `commitment` (both hex; case-insensitive). */
export function seedMatchesCommitment(seedHex: string, commitment: string): boolean {
  return SEED_HEX.test(seedHex.toLowerCase()) && seedCommitment(seedHex) === commitment.toLowerCase();
}

function seedBytes(seedHex: string): Uint8Array {
  const hex = seedHex.toLowerCase();
  if (!SEED_HEX.test(hex)) throw new Error('A draw seed is 32 bytes written as 64 hex characters');
  return hexToBytes(hex);
}

/**
 * The uniform ticket of round `round`, or null when the round is rejected (step 2 above).
 * @param key the seed's bytes
 * @param tickets N, the number of tickets (1..2^48)
 */
function ticketOfRound(key: Uint8Array, round: number, tickets: number): number | null {
  const digest = hmac(sha256, key, utf8ToBytes(`draw:${round}`));
  let x = 0;
  for (let i = 0; i < 6; i++) x = x * 256 + digest[i];
  const limit = RANGE - (RANGE % tickets);
  return x >= limit ? null : x % tickets;
}

/**
 * The first `count` picks of the draw stream of `seedHex` over `entries` (steps 1-4 above).
 * @param seedHex the revealed seed (64 hex characters)
 * @param entries the published entry list, in its published order
 * @param count how many places to pick (winners plus redraws)
 * @returns picks in place order; fewer than `count` when fewer members entered
 * @throws Error for a malformed seed, or an entry whose ticket count is not a positive integer
 */
export function drawPicks(seedHex: string, entries: readonly DrawEntry[], count: number): DrawPick[] {
  const key = seedBytes(seedHex);
  for (const e of entries) {
    if (!Number.isInteger(e.tickets) || e.tickets < 1) throw new Error(`Entry ${e.entry} has no tickets`);
  }
  // Ticket t belongs to the entry whose range [starts[i], starts[i] + tickets) holds it.
  const starts: number[] = [];
  let total = 0;
  for (const e of entries) {
    starts.push(total);
    total += e.tickets;
  }
  const members = new Set(entries.map((e) => e.member)).size;
  const picked = new Set<string>();
  const picks: DrawPick[] = [];
  for (let round = 0; picks.length < Math.min(count, members); round++) {
    const ticket = ticketOfRound(key, round, total);
    if (ticket === null) continue;
    const i = entryOfTicket(starts, ticket);
    const { member, entry } = entries[i];
    if (picked.has(member)) continue;
    picked.add(member);
    picks.push({ place: picks.length + 1, ticket, ticketId: `${entry}:${ticket - starts[i]}`, member, round });
  }
  return picks;
}

/**
 * The id `<entry>:<k>` of ticket `ticket` (0-based) of the published entry list (step 1 above).
 * @throws Error when the list holds fewer tickets
 */
export function ticketIdOf(entries: readonly DrawEntry[], ticket: number): string {
  let first = 0;
  for (const e of entries) {
    if (ticket < first + e.tickets) return `${e.entry}:${ticket - first}`;
    first += e.tickets;
  }
  throw new Error(`No ticket ${ticket} in the entry list`);
}

/** Index of the entry holding `ticket` (binary search over the entries' first tickets). */
function entryOfTicket(starts: readonly number[], ticket: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= ticket) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * When a winner's claim period ends: `claimDays` whole days (of 24 h) after the winner was drawn.
 * @returns the deadline instant (exclusive: a claim at the deadline is late)
 */
export function claimDeadline(drawnAt: Date | string, claimDays: number): Date {
  return new Date(new Date(drawnAt).getTime() + claimDays * 86_400_000);
}
