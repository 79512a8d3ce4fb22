import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/contracts/content';
import {
  firstUnviewedChapterIndex,
  groupStories,
  markChapterViewed,
  selectRailStories,
  sortChapters,
  sortStories,
} from '../../src/features/stories/story-order';

const NOW = new Date('2026-11-22T12:00:00Z');

function story(id: string, over: Partial<Story> = {}): Story {
  return {
    id,
    title: `Story ${id}`,
    type: 'default',
    coverMediaId: 'cover',
    createdAt: '2026-11-01T00:00:00Z',
    startsAt: '2026-11-10T00:00:00Z',
    stopsAt: null,
    viewed: false,
    shareable: true,
    chapters: [],
    ...over,
  };
}

const chapter = (id: string, orderIndex: number, viewed = false) => ({
  id,
  orderIndex,
  mediaId: `m-${id}`,
  title: id,
  caption: '',
  sponsorUrl: null,
  durationSeconds: 5,
  value: 5,
  viewed,
});

describe('story lists (spec §4: live, unwatched, sponsored, watched; viewed last)', () => {
  it('sorts live first, then unwatched, then sponsored, and viewed stories last whatever their type', () => {
    const stories = [
      story('watched-live', { type: 'live', viewed: true }),
      story('sponsored', { type: 'sponsored' }),
      story('default'),
      story('live', { type: 'live' }),
      story('typed-watched', { type: 'watched' }),
    ];
    const ids = sortStories(stories).map((s) => s.id);
    expect(ids.slice(0, 3)).toEqual(['live', 'default', 'sponsored']);
    expect(ids.slice(3).sort()).toEqual(['typed-watched', 'watched-live']);
  });

  it('groups into the four lists, newest start first inside a list', () => {
    const groups = groupStories([
      story('old', { startsAt: '2026-11-01T00:00:00Z' }),
      story('new', { startsAt: '2026-11-20T00:00:00Z' }),
      story('seen', { viewed: true }),
    ]);
    expect(groups.unwatched.map((s) => s.id)).toEqual(['new', 'old']);
    expect(groups.watched.map((s) => s.id)).toEqual(['seen']);
    expect(groups.live).toEqual([]);
    expect(groups.sponsored).toEqual([]);
  });

  it('a story moves to watched once its last chapter is viewed', () => {
    const s = story('s', { chapters: [chapter('a', 0, true), chapter('b', 1)] });
    const after = markChapterViewed(s, 'b');
    expect(after.viewed).toBe(true);
    expect(sortStories([after, story('other')]).map((x) => x.id)).toEqual(['other', 's']);
    expect(markChapterViewed(s, 'a').viewed).toBe(false);
    expect(markChapterViewed(s, 'unknown')).toBe(s);
  });
});

describe('chapters (spec §4: sorted by orderIndex)', () => {
  it('orders chapters by ascending orderIndex without changing the input', () => {
    const input = [chapter('c', 2), chapter('a', 0), chapter('b', 1)];
    expect(sortChapters(input).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(input.map((c) => c.id)).toEqual(['c', 'a', 'b']);
  });

  it('opens at the first chapter not yet viewed, or the first when all were viewed', () => {
    expect(firstUnviewedChapterIndex([chapter('a', 0, true), chapter('b', 1), chapter('c', 2)])).toBe(1);
    expect(firstUnviewedChapterIndex([chapter('a', 0, true)])).toBe(0);
    expect(firstUnviewedChapterIndex([])).toBe(0);
  });
});

describe('the rail applies the rank-coded title rule and the window (spec §4)', () => {
  it('an adult of rank P9 sees the P9 story and not the P1 or P10 ones in the rail', () => {
    const stories = [
      story('p1', { title: 'P1 Paddock pass' }),
      story('p9', { title: 'P9 Garage tour' }),
      story('p10', { title: 'P10 Welcome pack' }),
      story('plain'),
    ];
    expect(
      selectRailStories(stories, { rank: 'P9', underage: false }, NOW)
        .map((s) => s.id)
        .sort(),
    ).toEqual(['p9', 'plain']);
  });

  it('the rail leaves out stories outside their window', () => {
    const stories = [
      story('future', { startsAt: '2026-12-01T00:00:00Z' }),
      story('stopped', { stopsAt: '2026-11-20T00:00:00Z' }),
      story('open', { stopsAt: '2026-12-20T00:00:00Z' }),
    ];
    expect(selectRailStories(stories, null, NOW).map((s) => s.id)).toEqual(['open']);
  });
});
