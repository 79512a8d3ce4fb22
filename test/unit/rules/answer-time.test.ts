import { describe, expect, it } from 'vitest';
import {
  ANSWER_CLOCK_SKEW_MS,
  ANSWER_GRACE_MS,
  isQueueableAnswer,
  judgeAnswerTime,
  trustedAnswerTime,
  type AnswerWindow,
} from '../../../src/rules/answer-time';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const poll = (over: Partial<AnswerWindow> = {}): AnswerWindow => ({
  subtype: 'poll',
  opensAt: at('2026-06-01T18:00:00Z'),
  closesAt: at('2026-06-01T19:00:00Z'),
  ...over,
});
const closes = at('2026-06-01T19:00:00Z');

describe('which answers may wait offline', () => {
  it("polls and keywords may; pick'ems, arcade and quizzes need a connection", () => {
    expect(isQueueableAnswer('poll')).toBe(true);
    expect(isQueueableAnswer('keyword')).toBe(true);
    expect(isQueueableAnswer('pickem')).toBe(false);
    expect(isQueueableAnswer('arcade')).toBe(false);
    expect(isQueueableAnswer('trivia')).toBe(false);
  });
});

describe('the grace window after a challenge closes', () => {
  it('is 30 minutes', () => {
    expect(ANSWER_GRACE_MS).toBe(30 * MINUTE);
  });

  it('accepts an answer given before the close that arrives within the window, as given when tapped', () => {
    const tapped = closes - 5 * MINUTE;
    expect(judgeAnswerTime(poll(), tapped, closes + 10 * MINUTE)).toEqual({ accepted: true, answeredAt: tapped });
    expect(judgeAnswerTime(poll(), tapped, closes + ANSWER_GRACE_MS)).toEqual({ accepted: true, answeredAt: tapped });
  });

  it('refuses it once the window has passed', () => {
    expect(judgeAnswerTime(poll(), closes - 5 * MINUTE, closes + ANSWER_GRACE_MS + 1)).toEqual({
      accepted: false,
      reason: 'AnswerTooLate',
    });
  });

  it('refuses an answer given at or after the close, and one that arrives after the close with no time', () => {
    expect(judgeAnswerTime(poll(), closes, closes + MINUTE)).toEqual({ accepted: false, reason: 'Ended' });
    expect(judgeAnswerTime(poll(), null, closes + MINUTE)).toEqual({ accepted: false, reason: 'Ended' });
  });

  it('refuses any answer before the challenge opens, and never closes a challenge with no end', () => {
    expect(judgeAnswerTime(poll(), null, at('2026-06-01T17:59:59Z'))).toEqual({ accepted: false, reason: 'NotOpen' });
    const endless = poll({ closesAt: null });
    expect(judgeAnswerTime(endless, closes, closes + 10 * 24 * 60 * MINUTE)).toEqual({ accepted: true, answeredAt: closes });
  });
});

describe('the time answered a phone claims', () => {
  const now = closes + 10 * MINUTE;

  it('is not trusted before the challenge opened: the answer counts as given on arrival, so late means ended', () => {
    expect(trustedAnswerTime(poll(), at('2026-06-01T17:00:00Z'), now)).toBe(now);
    expect(judgeAnswerTime(poll(), at('2026-06-01T17:00:00Z'), now)).toEqual({ accepted: false, reason: 'Ended' });
  });

  it('is not trusted in the future beyond the clock skew; within it, it counts as now', () => {
    const open = at('2026-06-01T18:30:00Z');
    expect(trustedAnswerTime(poll(), open + ANSWER_CLOCK_SKEW_MS + 1, open)).toBe(open);
    expect(trustedAnswerTime(poll(), open + ANSWER_CLOCK_SKEW_MS, open)).toBe(open);
  });

  it("is never read for a pick'em, arcade or quiz answer: they count as given on arrival", () => {
    for (const subtype of ['pickem', 'arcade', 'trivia'] as const) {
      expect(judgeAnswerTime(poll({ subtype }), closes - MINUTE, now)).toEqual({ accepted: false, reason: 'Ended' });
    }
    expect(judgeAnswerTime(poll({ subtype: 'keyword' }), closes - MINUTE, now)).toEqual({ accepted: true, answeredAt: closes - MINUTE });
  });
});
