/**
 * Points history grouping: ledger rows (newest first) grouped by calendar day in the member's time
 * zone, with each day's net change. The running balance is each row's `balanceAfter` (server truth). Pure.
 */
import type { Transaction } from '../../contracts/user';

/** One day of the history. */
interface HistoryDay {
  /** `YYYY-MM-DD` in `timeZone`. */
  day: string;
  /** Sum of the day's amounts, in points (signed). */
  net: number;
  rows: Transaction[];
}

/** The `YYYY-MM-DD` day of an ISO time in `timeZone` (e.g. 'Europe/Paris'); the local zone when omitted. */
function dayKey(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Groups newest-first rows by day, keeping the order. Returns new arrays. */
export function groupTransactionsByDay(rows: readonly Transaction[], timeZone?: string): HistoryDay[] {
  const days: HistoryDay[] = [];
  for (const row of rows) {
    const day = dayKey(row.createdAt, timeZone);
    let group = days[days.length - 1];
    if (!group || group.day !== day) {
      group = { day, net: 0, rows: [] };
      days.push(group);
    }
    group.rows.push(row);
    group.net += row.amount;
  }
  return days;
}
