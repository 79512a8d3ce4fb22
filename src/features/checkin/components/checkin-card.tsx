/**
 * Dashboard check-in card: streak (days), a 7-day strip with each day's reward, today's reward, the
 * "Check in" button, and the done state. A check-in made offline shows at once and is marked "will sync"
 * until the server confirms it (ARCHITECTURE §6).
 */
import { useTranslation } from 'react-i18next';
import { useCheckin } from '../api/get-checkin';
import { useCreateCheckin, usePendingCheckins } from '../api/create-checkin';
import { getStreakWeek, hasCheckedInToday } from '../checkin-streak';
import { Section } from '../../../components/section';
import { Button } from '../../../components/button';
import './checkin.css';

function FlameIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" className="checkin__flame">
      <path
        fill="currentColor"
        d="M12 2c1 3.5-1.5 5.2-2.6 7.1C8.3 11 8 12.3 8.4 14 7.2 13.4 6.5 12 6.6 10.6 4.9 12.3 4 14.4 4 16.3 4 19.9 7.6 22 12 22s8-2.3 8-6.4c0-3.4-2.3-5.7-3.9-7.3.1 1.6-.4 2.9-1.5 3.7C14.8 8.9 14.3 5.1 12 2z"
      />
    </svg>
  );
}

/** The check-in card (for signed-in members). */
export function CheckinCard() {
  const { t } = useTranslation('checkin');
  const query = useCheckin();
  const { run: checkIn } = useCreateCheckin();
  const pending = usePendingCheckins();
  const pendingPoints = pending?.pendingPoints ?? 0;
  const paused = pending?.isPaused ?? false;
  // Every state is the same card with the same heading.
  const card = { id: 'checkin-title', title: t('title'), titleClassName: 'card__title', card: true };

  if (query.isPending) {
    return (
      <Section {...card} className="card checkin checkin--loading" aria-busy="true">
        <div className="checkin__week" aria-hidden="true">
          {Array.from({ length: 7 }, (_, i) => (
            <span key={i} className="checkin__day checkin__day--skeleton" />
          ))}
        </div>
      </Section>
    );
  }
  // Data first: a failed refetch (no packet through while the phone shows bars) keeps the check-in it knows, which
  // the fan can still make (it queues); the error shows only when nothing was ever loaded.
  if (query.isLoadingError) {
    return (
      <Section {...card} className="card checkin">
        <p className="muted" role="alert">
          {t('loadError')}
        </p>
        <Button size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Section>
    );
  }

  const status = query.data;
  const done = hasCheckedInToday(status);
  const week = getStreakWeek(status);
  const today = week.find((d) => d.state === 'today' || d.state === 'checked-today');

  return (
    <Section
      {...card}
      className={`card checkin ${done ? 'checkin--done' : ''}`}
      aside={
        <span className="checkin__streak">
          <FlameIcon /> {status.days > 0 ? t('streak', { count: status.days }) : t('streakStart')}
        </span>
      }
    >
      <ol className="checkin__week" aria-label={t('weekLabel')}>
        {week.map((d) => (
          <li key={d.day} className={`checkin__day checkin__day--${d.state}`}>
            <span className="checkin__day-label" aria-hidden="true">
              {t('dayShort', { day: d.day })}
            </span>
            <span className="checkin__day-dot" aria-hidden="true">
              {d.state === 'done' || d.state === 'checked-today' ? '✓' : `+${d.points}`}
            </span>
            <span className="visually-hidden">{t(`dayState.${d.state}`, { count: d.points, day: d.day })}</span>
          </li>
        ))}
      </ol>
      <div aria-live="polite" className="checkin__status">
        {done ? (
          <p>
            <strong>{t('doneTitle')}</strong>{' '}
            {pending
              ? paused
                ? t('pendingOffline', { count: pendingPoints })
                : t('pendingConfirming', { count: pendingPoints })
              : t('doneText', { count: status.nextRewardPoints })}
          </p>
        ) : (
          <p>{t('todayReward', { count: today?.points || status.nextRewardPoints })}</p>
        )}
      </div>
      {done ? null : (
        <button type="button" className="btn btn--primary btn--block btn--lg" onClick={() => checkIn({})}>
          {t('action', { count: status.nextRewardPoints })}
        </button>
      )}
    </Section>
  );
}
