// @vitest-environment jsdom
/**
 * The draw section of a sweepstake's console page in jsdom, in English: "Draw winners" is disabled
 * and says why until the sweepstake ended; a drawn sweepstake lists its places with their claim status in a table
 * named for screen readers, offers Redraw only where the claim period ran out unclaimed, and exports the winners as
 * CSV in which a username written as a spreadsheet formula stays text.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AdminSweepstakeDraw, AdminSweepstakeWinner } from '../../src/contracts/admin/sweepstake';
import { sweepstakeDrawQueryOptions } from '../../src/features/console/api/sweepstake-draw';
import { SweepstakeDrawSection } from '../../src/features/console/components/sweepstake-draw-section';
import draws from '../../locales/en/console-draws.json';
import common from '../../locales/en/common.json';

vi.mock('../../src/platform/toasts', () => ({ notify: vi.fn() }));
// The cached draw is what the section shows; its background refetch never answers here.
vi.mock('../../src/api/client', () => ({ apiRequest: vi.fn(() => new Promise(() => undefined)), createIdempotencyKey: () => 'key' }));

afterEach(cleanup);
beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { 'console-draws': draws, common } }, interpolation: { escapeValue: false } });
});

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

function winner(over: Partial<AdminSweepstakeWinner>): AdminSweepstakeWinner {
  return {
    id: 'w1',
    place: 1,
    ticket: 0,
    userId: 'u1',
    email: 'ada@fans.example',
    username: 'ada',
    drawnAt: at(-48 * HOUR),
    notifiedAt: at(-48 * HOUR),
    claimedAt: null,
    replacedAt: null,
    claimBy: at(-24 * HOUR),
    redrawable: true,
    ...over,
  };
}

/** Renders the section of sweepstake `s1` ending at `endsAt`, with `draw` cached. */
function renderSection(endsAt: string, draw: AdminSweepstakeDraw) {
  const client = new QueryClient();
  client.setQueryData(sweepstakeDrawQueryOptions('s1').queryKey, draw);
  render(
    <QueryClientProvider client={client}>
      <SweepstakeDrawSection id="s1" endsAt={endsAt} title="Signed helmet" />
    </QueryClientProvider>,
  );
}

const undrawn: AdminSweepstakeDraw = {
  sweepstakeId: 's1',
  drawnAt: null,
  seedCommitment: 'ab'.repeat(32),
  drawSeed: null,
  tickets: 0,
  entrants: 2,
  entries: 7,
  winners: [],
};

describe('the draw section', () => {
  it('keeps "Draw winners" disabled until the end, and says why', () => {
    renderSection(at(HOUR), undrawn);
    const button = screen.getByRole('button', { name: 'Draw winners' });
    expect(button).toHaveProperty('disabled', true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Available once the sweepstake has ended/,
    );
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect(screen.getByText('Secret until the draw')).toBeTruthy();
  });

  it('enables it once ended', () => {
    renderSection(at(-HOUR), undrawn);
    expect(screen.getByRole('button', { name: 'Draw winners' })).toHaveProperty('disabled', false);
  });

  it('lists the places with their claim status, Redraw only where it is allowed, and exports formula-safe CSV', async () => {
    const drawn: AdminSweepstakeDraw = {
      ...undrawn,
      drawnAt: at(-48 * HOUR),
      drawSeed: 'cd'.repeat(32),
      tickets: 12,
      winners: [
        winner({ id: 'w1', place: 1, username: '=HYPERLINK("https://evil.example")', replacedAt: at(-HOUR), redrawable: false }),
        winner({
          id: 'w2',
          place: 2,
          email: 'bo@fans.example',
          username: "+cmd|' /C calc'!A0",
          claimedAt: at(-2 * HOUR),
          redrawable: false,
        }),
        winner({ id: 'w3', place: 3, email: 'cy@fans.example', username: 'cy' }),
      ],
    };
    renderSection(at(-72 * HOUR), drawn);
    const table = screen.getByRole('table', { name: 'Winners in draw order' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(2)?.textContent)).toEqual([
      expect.stringMatching(/^Redrawn on /),
      expect.stringMatching(/^Claimed on /),
      expect.stringMatching(/^Not claimed by /),
    ]);
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Redraw place 3 (cy)']);

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:winners'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Export winners (CSV)' }));
    expect(click).toHaveBeenCalledOnce();
    const lines = (await blobs[0].text()).split('\r\n');
    expect(lines[0]).toBe('place,username,email,ticket,drawnAt,notifiedAt,claimBy,claimedAt,replacedAt');
    expect(lines[1]).toMatch(/^1,"'=HYPERLINK\(""https:\/\/evil\.example""\)",ada@fans\.example,0,/);
    expect(lines[2]).toMatch(/^2,"?'\+cmd\|' \/C calc'!A0"?,bo@fans\.example,0,/);
    expect(lines).toHaveLength(4);
  });
});
