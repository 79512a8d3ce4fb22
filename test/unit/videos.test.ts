import { describe, expect, it } from 'vitest';
import type { Video } from '../../src/contracts/content';
import { featuredVideo, markVideoViewed, pendingViewPoints } from '../../src/features/videos/video-view';
import { hasWatched, playedSeconds, toRanges, watchedFraction } from '../../src/features/videos/watch-progress';

const video = (id: string, viewed = false): Video => ({
  id,
  name: id,
  description: '',
  videoSourceType: 'file',
  sourceUrl: `/cdn/${id}.mp4`,
  value: 25,
  thumbnailSrc: `/api/media/${id}`,
  durationSeconds: 5,
  viewed,
});

describe('a video counts as watched at the end or at 90% played, not on open', () => {
  it('opening a video (nothing played) does not count', () => {
    expect(hasWatched({ ended: false, ranges: [], durationSeconds: 60 })).toBe(false);
  });

  it('the ended event counts', () => {
    expect(hasWatched({ ended: true, ranges: [], durationSeconds: 60 })).toBe(true);
  });

  it('90% of the duration played counts, 89% does not', () => {
    expect(hasWatched({ ended: false, ranges: [{ start: 0, end: 54 }], durationSeconds: 60 })).toBe(true);
    expect(hasWatched({ ended: false, ranges: [{ start: 0, end: 53.4 }], durationSeconds: 60 })).toBe(false);
  });

  it('seeking near the end and playing a few seconds does not count', () => {
    expect(
      hasWatched({
        ended: false,
        ranges: [
          { start: 0, end: 2 },
          { start: 55, end: 59 },
        ],
        durationSeconds: 60,
      }),
    ).toBe(false);
  });

  it('overlapping replays are counted once', () => {
    expect(
      playedSeconds([
        { start: 0, end: 30 },
        { start: 10, end: 40 },
        { start: 50, end: 55 },
      ]),
    ).toBe(45);
    expect(
      watchedFraction(
        [
          { start: 0, end: 30 },
          { start: 0, end: 30 },
        ],
        60,
      ),
    ).toBe(0.5);
  });

  it('an unknown or infinite duration never counts by share', () => {
    expect(watchedFraction([{ start: 0, end: 100 }], Number.NaN)).toBe(0);
    expect(watchedFraction([{ start: 0, end: 100 }], Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('reads a TimeRanges object', () => {
    const ranges = { length: 2, start: (i: number) => [0, 10][i], end: (i: number) => [5, 12][i] };
    expect(toRanges(ranges)).toEqual([
      { start: 0, end: 5 },
      { start: 10, end: 12 },
    ]);
  });
});

describe('video view cache update (ARCHITECTURE §4: one award per video)', () => {
  it('marks only that video viewed, and a viewed video earns nothing more', () => {
    const list = [video('a'), video('b')];
    const next = markVideoViewed(list, 'a');
    expect(next.map((v) => v.viewed)).toEqual([true, false]);
    expect(next[1]).toBe(list[1]);
    expect(pendingViewPoints(next[0])).toBe(0);
    expect(pendingViewPoints(list[0])).toBe(25);
  });

  it('features the first video not yet watched', () => {
    expect(featuredVideo([video('a', true), video('b'), video('c')])?.id).toBe('b');
    expect(featuredVideo([video('a', true)])?.id).toBe('a');
    expect(featuredVideo([])).toBeNull();
  });
});
