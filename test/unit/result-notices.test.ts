// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contracts/user';
import {
  balanceChangedSinceCheck,
  NOTICE_WINDOW_DAYS,
  readSeenNotices,
  rememberCheckedBalance,
  rememberSeenNotices,
  resultNoticesToShow,
} from '../../src/features/history/result-notices';
import en from '../../locales/en/console-results.json';
import fr from '../../locales/fr/console-results.json';
import { localeKeys } from './locale-keys';

const NOW = new Date('2026-11-23T12:00:00Z');
const row = (over: Partial<Transaction>): Transaction => ({
  id: 'r1',
  amount: 30,
  reason: 'challenge_result',
  reference: 'challenge-result:c:1',
  label: 'Who wins in Abu Dhabi?',
  balanceAfter: 30,
  createdAt: '2026-11-23T11:00:00Z',
  ...over,
});

describe('result notices (decision 0055)', () => {
  it('announces result credits not yet seen, oldest first', () => {
    const rows = [row({ id: 'b', createdAt: '2026-11-23T11:30:00Z' }), row({ id: 'a' }), row({ id: 'seen' })];
    expect(resultNoticesToShow(rows, new Set(['seen']), NOW).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('never announces reversals, other reasons, or credits older than the window', () => {
    const old = new Date(NOW.getTime() - (NOTICE_WINDOW_DAYS + 1) * 86_400_000).toISOString();
    const rows = [row({ id: 'reversal', amount: -30 }), row({ id: 'checkin', reason: 'checkin' }), row({ id: 'old', createdAt: old })];
    expect(resultNoticesToShow(rows, new Set(), NOW)).toEqual([]);
  });
});

describe('seen notices in this browser', () => {
  afterEach(() => localStorage.clear());

  it('are remembered per member, so a credit is announced once', () => {
    rememberSeenNotices('u1', ['a']);
    rememberSeenNotices('u1', ['b']);
    expect([...readSeenNotices('u1')]).toEqual(['a', 'b']);
    expect(readSeenNotices('u2').size).toBe(0);
    expect(resultNoticesToShow([row({ id: 'a' }), row({ id: 'c' })], readSeenNotices('u1'), NOW).map((r) => r.id)).toEqual(['c']);
  });

  it('the ledger is read again only once the balance moved since the last check', () => {
    expect(balanceChangedSinceCheck('u1', 40)).toBe(true);
    rememberCheckedBalance('u1', 40);
    expect(balanceChangedSinceCheck('u1', 40)).toBe(false);
    expect(balanceChangedSinceCheck('u1', 70)).toBe(true);
    expect(balanceChangedSinceCheck('u2', 40)).toBe(true);
  });

  it('read as none when the stored value is not a list', () => {
    localStorage.setItem('podium.resultNotices.u1', '{"a":1}');
    expect(readSeenNotices('u1').size).toBe(0);
  });
});

describe('console-results strings', () => {
  it('English and French have the same keys', () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
  });
});
