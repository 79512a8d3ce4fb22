import { describe, expect, it } from 'vitest';
import { SAVED_VIDEO_MAX_BYTES, SAVED_VIDEOS_TOTAL_BYTES, saveVideoVerdict } from '../../../src/rules/saved-videos';

describe('the size budget of videos saved for offline', () => {
  it('lets a clip in while it fits the per-video limit, the total and the free space', () => {
    expect(saveVideoVerdict({ sizeBytes: 20_000, savedBytes: 0, freeBytes: null })).toBe('ok');
    expect(
      saveVideoVerdict({
        sizeBytes: SAVED_VIDEO_MAX_BYTES,
        savedBytes: SAVED_VIDEOS_TOTAL_BYTES - SAVED_VIDEO_MAX_BYTES,
        freeBytes: SAVED_VIDEO_MAX_BYTES,
      }),
    ).toBe('ok');
  });

  it('refuses a video over the per-video limit, even with nothing saved', () => {
    expect(saveVideoVerdict({ sizeBytes: SAVED_VIDEO_MAX_BYTES + 1, savedBytes: 0, freeBytes: null })).toBe('tooLarge');
  });

  it('refuses a video that would take the saved total over the budget, before looking at free space', () => {
    expect(saveVideoVerdict({ sizeBytes: 60_000_000, savedBytes: 150_000_000, freeBytes: 0 })).toBe('overBudget');
  });

  it('refuses a video the browser has no room for', () => {
    expect(saveVideoVerdict({ sizeBytes: 10_000_000, savedBytes: 0, freeBytes: 9_999_999 })).toBe('noSpace');
  });
});
