/**
 * Leaderboards and leagues on the client: every string exists in English and French (the
 * `leaderboards` and `console-seasons` namespaces hold the same keys, plural forms aside, and every period has its
 * label), and an invite link is shared with the Web Share API where the browser has it, else copied.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaderboardPeriodSchema } from '../../src/contracts/leaderboard';
import { shareInvite } from '../../src/features/leaderboards/share-invite';
import en from '../../locales/en/leaderboards.json';
import fr from '../../locales/fr/leaderboards.json';
import seasonsEn from '../../locales/en/console-seasons.json';
import seasonsFr from '../../locales/fr/console-seasons.json';

type Tree = { [key: string]: string | Tree };

/** The dotted keys of a namespace, plural suffixes folded. */
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`.replace(/_(one|many|other)$/, '')] : keys(value, `${prefix}${key}.`),
  );
const sorted = (tree: unknown) => [...new Set(keys(tree as Tree))].sort();

describe('leaderboard strings', () => {
  it('English and French have the same keys', () => {
    expect(sorted(fr)).toEqual(sorted(en));
    expect(sorted(seasonsFr)).toEqual(sorted(seasonsEn));
  });

  it('every period has its label in both languages', () => {
    for (const tree of [en, fr])
      for (const period of LeaderboardPeriodSchema.options) expect(tree.period[period], period).toBeTypeOf('string');
  });
});

describe('sharing an invite link', () => {
  afterEach(() => vi.unstubAllGlobals());
  const url = 'https://club.example/leagues/join/abcdefgh1234';

  it('uses the share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { share, clipboard: { writeText } });
    expect(await shareInvite(url, 'League', 'Join')).toBe('shared');
    expect(share).toHaveBeenCalledWith({ url, title: 'League', text: 'Join' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the browser cannot share, and says nothing when the fan closes the sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await shareInvite(url, 'League', 'Join')).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(url);

    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    vi.stubGlobal('navigator', { share, clipboard: { writeText } });
    expect(await shareInvite(url, 'League', 'Join')).toBe('cancelled');
  });
});
