// @vitest-environment jsdom
/**
 * A table's standings in jsdom, in English: a real table named for screen readers, shared places
 * shown as the server ranked them, a hidden name as "Hidden fan", the fan's own row marked `aria-current` and, when
 * far below the top rows, shown after a gap; the period buttons say which one is pressed.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Leaderboard } from '../../src/contracts/leaderboard';
import { PeriodPicker, Standings } from '../../src/features/leaderboards/components/standings';
import leaderboards from '../../locales/en/leaderboards.json';

afterEach(cleanup);
beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { leaderboards } }, interpolation: { escapeValue: false } });
});

const table = (over: Partial<Leaderboard>): Leaderboard => ({
  period: 'week',
  season: null,
  rows: [
    { place: 1, name: 'ada', points: 90, me: false },
    { place: 2, name: null, points: 80, me: false },
    { place: 2, name: 'bo', points: 80, me: false },
    { place: 4, name: 'cy', points: 70, me: false },
  ],
  me: { place: 1234, name: 'zed', points: 3, me: true },
  computedAt: '2026-11-23T20:00:00.000Z',
  ...over,
});

describe('standings', () => {
  it('lists shared places and a hidden name, then the own row after a gap when it is far down', () => {
    render(<Standings table={table({})} caption="Leaderboard, This week" />);
    const rows = within(screen.getByRole('table', { name: 'Leaderboard, This week' }))
      .getAllByRole('row')
      .slice(1);
    // The gap is drawn for the eye only: screen readers go from the last top row to the fan's own.
    expect(rows.map((r) => r.textContent)).toEqual(['1ada90', '2Hidden fan80', '2bo80', '4cy70', '1,234zed (you)3']);
    expect(rows.at(-1)?.getAttribute('aria-current')).toBe('true');
    expect(rows.at(-1)?.previousElementSibling?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText(/^Updated /)).toBeTruthy();
  });

  it('marks the own row in place when it is among the top rows, with no gap', () => {
    const mine = { place: 2, name: 'bo', points: 80, me: true };
    const t = table({});
    render(<Standings table={{ ...t, rows: t.rows.map((r) => (r.name === 'bo' ? mine : r)), me: mine }} caption="Board" />);
    const rows = within(screen.getByRole('table', { name: 'Board' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(4);
    expect(document.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(rows[2].getAttribute('aria-current')).toBe('true');
  });

  it('says when no season has started', () => {
    render(<Standings table={table({ period: 'season', rows: [], me: { place: 1, name: 'zed', points: 0, me: true } })} caption="Board" />);
    expect(screen.getByText('The club has not started a season yet.')).toBeTruthy();
  });
});

describe('period picker', () => {
  it('presses the current period and reports a choice', () => {
    const onChange = vi.fn();
    render(<PeriodPicker value="month" onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Period' });
    expect(within(group).getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(group).getByRole('button', { name: 'All time' }));
    expect(onChange).toHaveBeenCalledWith('all');
  });
});
