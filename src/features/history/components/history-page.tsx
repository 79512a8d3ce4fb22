/**
 * `/history` (spec §2 "History", §7 `GET /user/me/transactions`): the member's points history —
 * balance on top (with the next points expiry), then the ledger grouped by day (newest first): an icon for the reason, the label, the time, the
 * signed amount (+ earned, − spent) and the balance after each row. Loading, error and empty states.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { HistoryIcon, PathIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import type { TransactionReason } from '../../../contracts/user';
import { ListSkeleton } from '../../../components/content-ui';
import { NextExpiry } from '../../../components/next-expiry';
import { ListError, ListStates } from '../../../components/list-states';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useTransactions } from '../api/get-transactions';
import { groupTransactionsByDay } from '../history-groups';
import { Section } from '../../../components/section';
import './history.css';

const REASON_ICONS: Record<TransactionReason, string> = {
  checkin: 'M5 12l4 4 10-10',
  challenge: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  trivia: 'M9 9a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V15M12 18h.01',
  video_view: 'M4 5h16v14H4zM10 9l5 3-5 3z',
  article_read: 'M4 4h10l6 6v10H4zM8 12h8M8 16h6',
  story_chapter_view: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  sweepstake_entry: 'M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z',
  activation: 'M12 2l3 6 6 1-4.5 4.5L18 20l-6-3-6 3 1.5-6.5L3 9l6-1z',
  adjustment: 'M4 12h16M12 4v16',
  challenge_result: 'M6 4h12v4a6 6 0 0 1-12 0zM12 14v4M8 20h8',
  // A map pin: checked in at the venue.
  venue_checkin: 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  // A gift: a reward of the catalogue redeemed, and its points given back.
  reward_redemption: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  reward_refund: 'M9 14l-5-5 5-5M4 9h11a5 5 0 0 1 0 10h-3',
  // An hourglass: points that reached their expiry day.
  expired: 'M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9',
  // Two people: a friend joined.
  referral: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M17 11a3 3 0 1 0 0-6M21 20a6 6 0 0 0-4-5.7',
};

/** Renders the page. */
export function HistoryPage() {
  const { t, i18n } = useTranslation('history');
  const { data: user } = useCurrentUser();
  const query = useTransactions();
  const language = i18n.resolvedLanguage ?? 'en';
  const number = new Intl.NumberFormat(language, { signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(language);
  const dayFormat = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const timeFormat = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
  const days = query.data ? groupTransactionsByDay(query.data) : undefined;

  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        {user ? (
          <div className="card card--brand history-balance">
            <span className="eyebrow" style={{ color: 'inherit' }}>
              {t('balance')}
            </span>
            <span className="history-balance__value">{t('points', { count: user.points, formatted: plain.format(user.points) })}</span>
            <span>{t('lifetime', { count: user.lifetimePoints, formatted: plain.format(user.lifetimePoints) })}</span>
            <NextExpiry nextExpiry={user.nextExpiry} className="history-balance__expiry" />
          </div>
        ) : null}
        <ListStates
          items={days}
          isError={query.isError}
          empty={
            <EmptyState
              icon={<HistoryIcon />}
              title={t('emptyTitle')}
              description={t('emptyText')}
              action={
                <Link to="/challenges" className="btn btn--primary btn--sm">
                  {t('emptyAction')}
                </Link>
              }
            />
          }
          error={<ListError onRetry={() => void query.refetch()} />}
          loading={<ListSkeleton rows={5} square />}
        >
          {(loaded) => (
            <div className="stack stack--lg">
              {loaded.map((day) => (
                <Section
                  key={day.day}
                  id={`day-${day.day}`}
                  title={dayFormat.format(new Date(`${day.day}T00:00:00Z`))}
                  titleClassName="history-day"
                  aside={
                    <span className={day.net >= 0 ? 'text-success' : 'text-danger'}>{t('net', { value: number.format(day.net) })}</span>
                  }
                  className="stack stack--sm"
                >
                  <ul className="plain-list card history-list">
                    {day.rows.map((row) => (
                      <li key={row.id} className="history-row">
                        <span className={`history-row__icon history-row__icon--${row.amount >= 0 ? 'earn' : 'spend'}`} aria-hidden="true">
                          <PathIcon d={REASON_ICONS[row.reason]} width="20" height="20" />
                        </span>
                        <div className="history-row__body">
                          <p className="history-row__label">{row.label ?? t(`reason.${row.reason}`)}</p>
                          <p className="ct-row__meta">
                            {row.reason === 'challenge_result'
                              ? t(row.amount > 0 ? 'resultWon' : 'resultCorrected')
                              : t(`reason.${row.reason}`)}{' '}
                            · <time dateTime={row.createdAt}>{timeFormat.format(new Date(row.createdAt))}</time>
                          </p>
                        </div>
                        <div className="history-row__amounts">
                          <span className={row.amount >= 0 ? 'history-row__amount text-success' : 'history-row__amount text-danger'}>
                            <span className="visually-hidden">{row.amount >= 0 ? t('earned') : t('spent')} </span>
                            {number.format(row.amount)}
                          </span>
                          <span className="ct-row__meta">{t('balanceAfter', { value: plain.format(row.balanceAfter) })}</span>
                        </div>
                      </li>
                    ))}
                  </ul>
                </Section>
              ))}
            </div>
          )}
        </ListStates>
      </div>
    </Page>
  );
}
