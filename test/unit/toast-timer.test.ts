/**
 * The toasts' auto-close timer (src/platform/toast-timer.ts; spec §4 Toast, §9 5000 ms) on fake timers: it
 * closes after the toast's own time, pauses while any reason holds (hover, focus, hidden page) and resumes with
 * the time left.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastTimer } from '../../src/platform/toast-timer';

let expired: Array<string | number>;
const timer = () => createToastTimer((id) => expired.push(id));

beforeEach(() => {
  vi.useFakeTimers();
  expired = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast timer', () => {
  it('closes the toast after 5000 ms, not a millisecond earlier', () => {
    const t = timer();
    t.start('a', 5000);
    vi.advanceTimersByTime(4999);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['a']);
    expect(t.remaining()).toBeNull();
  });

  it('pauses while hovered and resumes with the time left', () => {
    const t = timer();
    t.start('a', 5000);
    vi.advanceTimersByTime(3000);
    t.setPaused('hover', true);
    vi.advanceTimersByTime(60_000);
    expect(expired).toEqual([]);
    expect(t.remaining()).toBe(2000);
    t.setPaused('hover', false);
    vi.advanceTimersByTime(1999);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['a']);
  });

  it('stays paused until every reason is gone (focus still inside after the pointer left)', () => {
    const t = timer();
    t.start('a', 5000);
    t.setPaused('hover', true);
    t.setPaused('focus', true);
    t.setPaused('hover', false);
    vi.advanceTimersByTime(10_000);
    expect(expired).toEqual([]);
    t.setPaused('focus', false);
    vi.advanceTimersByTime(5000);
    expect(expired).toEqual(['a']);
  });

  it('a toast started while paused waits for the pause to end', () => {
    const t = timer();
    t.setPaused('hidden', true);
    t.start('a', 5000);
    vi.advanceTimersByTime(20_000);
    expect(expired).toEqual([]);
    t.setPaused('hidden', false);
    vi.advanceTimersByTime(5000);
    expect(expired).toEqual(['a']);
  });

  it('a new toast restarts the countdown; cancelling another id changes nothing', () => {
    const t = timer();
    t.start('a', 5000);
    vi.advanceTimersByTime(4000);
    t.start('b', 5000);
    t.cancel('a');
    vi.advanceTimersByTime(4999);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['b']);
  });

  it('Infinity never closes; cancel stops the countdown', () => {
    const t = timer();
    t.start('update', Number.POSITIVE_INFINITY);
    vi.advanceTimersByTime(10 * 60_000);
    expect(expired).toEqual([]);
    t.start('a', 5000);
    t.cancel();
    vi.advanceTimersByTime(10_000);
    expect(expired).toEqual([]);
  });
});
