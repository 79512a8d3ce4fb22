/**
 * Re-runs a sweepstake draw from what the API publishes, so anyone can check it (decision 0054):
 *
 *   npx tsx scripts/verify-draw.ts draw.json
 *   npx tsx scripts/verify-draw.ts https://club.example/api/sweepstake/<id>/draw
 *
 * The input is the answer of `GET /api/sweepstake/{id}/draw` (`{data: {...}}`, or its `data`), read from a file or
 * fetched (with a URL, the organization's public key is read from the site's `/config.json` and its token from
 * `GET /api/organization/current`, as a visitor's browser does). It checks that the revealed seed hashes to the
 * commitment, re-runs the shared algorithm (`src/rules/draw.ts`) over the published entry list for as many places as
 * were published (winners and redraws), prints the winners, and compares them with the published ones. Exit code 0
 * when everything matches, 1 otherwise.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { SweepstakeDrawSchema, type SweepstakeDraw } from '../src/contracts/sweepstake';
import { drawPicks, seedMatchesCommitment, type DrawPick } from '../src/rules/draw';

/** What the verification found. */
export type DrawVerification = {
  /** The revealed seed hashes (SHA-256) to the published commitment. */
  commitmentOk: boolean;
  /** The picks the algorithm gives, in place order (as many places as were published, at least `winnerCount`). */
  picks: DrawPick[];
  /** Every published place names the same ticket and member as the re-run. */
  winnersMatch: boolean;
};

/**
 * Verifies a published draw.
 * @param published the `data` of `GET /api/sweepstake/{id}/draw` (or the whole `{data}` answer)
 * @returns the commitment check, the re-run's picks and whether they match the published places
 * @throws Error when the draw has not run yet (no seed revealed) or the input is not a published draw
 */
export function verifyPublishedDraw(published: unknown): DrawVerification {
  const body = (published as { data?: unknown } | null)?.data ?? published;
  const draw: SweepstakeDraw = SweepstakeDrawSchema.parse(body);
  if (!draw.drawSeed || !draw.seedCommitment) throw new Error('This sweepstake has not been drawn yet: no seed is revealed');
  const commitmentOk = seedMatchesCommitment(draw.drawSeed, draw.seedCommitment);
  const picks = drawPicks(draw.drawSeed, draw.entries, Math.max(draw.winnerCount, draw.winners.length));
  const winnersMatch =
    draw.winners.length === picks.length &&
    draw.winners.every((w, i) => picks[i].place === w.place && picks[i].ticket === w.ticket && picks[i].member === w.member);
  return { commitmentOk, picks, winnersMatch };
}

/** Reads the published draw from a file, or fetches it as a visitor of the site. */
async function load(source: string): Promise<unknown> {
  if (!/^https?:\/\//.test(source)) return JSON.parse(await readFile(source, 'utf8'));
  const url = new URL(source);
  const config = (await (await fetch(new URL('/config.json', url))).json()) as { organizationKey: string; apiOrigin?: string };
  const api = new URL(config.apiOrigin ?? '/api', url);
  const auth = { authorization: `Bearer ${config.organizationKey}`, accept: 'application/json' };
  const org = (await (await fetch(`${api.href.replace(/\/$/, '')}/organization/current`, { headers: auth })).json()) as {
    data: { token: string };
  };
  const res = await fetch(url, { headers: { ...auth, 'x-org-token': org.data.token } });
  if (!res.ok) throw new Error(`${source} answered ${res.status}`);
  return res.json();
}

async function main(): Promise<number> {
  const source = process.argv[2];
  if (!source) {
    console.error('usage: npx tsx scripts/verify-draw.ts <draw.json | https://.../api/sweepstake/<id>/draw>');
    return 1;
  }
  const published = await load(source);
  const { commitmentOk, picks, winnersMatch } = verifyPublishedDraw(published);
  console.log(
    `commitment: ${commitmentOk ? 'the seed matches the published commitment' : 'MISMATCH: the seed does not hash to the commitment'}`,
  );
  for (const p of picks) console.log(`place ${p.place}: ticket ${p.ticket} (${p.ticketId}), member ${p.member}`);
  console.log(winnersMatch ? 'winners: the published winners are the ones the draw gives' : 'winners: MISMATCH with the published winners');
  return commitmentOk && winnersMatch ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
