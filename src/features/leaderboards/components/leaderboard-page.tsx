/**
 * `/leaderboard`: the organization's table by period (this week, this month, the season, all
 * time), the fan's own row always shown; the fan's name switch (also on the profile); their private leagues and a
 * form to create one.
 * Every table comes from the persisted query cache first, so the screen works offline with "updated <time>".
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/content-ui';
import { ListError } from '../../../components/list-states';
import { Page } from '../../../components/page';
import { Section } from '../../../components/section';
import { LEAGUE_NAME_MAX, type LeaderboardPeriod } from '../../../contracts/leaderboard';
import { notify } from '../../../platform/toasts';
import { useCreateLeague, useLeaderboard, useLeagues } from '../api/leaderboards';
import { LeaderboardNameSwitch } from './name-switch';
import { PeriodPicker, Standings } from './standings';

/** The fan's leagues and the form that creates one (then opens it). */
function Leagues() {
  const { t } = useTranslation('leaderboards');
  const leagues = useLeagues();
  const create = useCreateLeague();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const inputId = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(name, {
      onSuccess: (league) => {
        setName('');
        void navigate({ to: '/leagues/$id', params: { id: league.id } });
      },
      onError: () => notify({ title: t('errors.create'), variant: 'destructive' }),
    });
  };
  return (
    <Section id="leagues" title={t('leagues.title')}>
      <div className="stack">
        {leagues.data && leagues.data.length > 0 ? (
          <ul className="link-list">
            {leagues.data.map((league) => (
              <li key={league.id}>
                <Link to="/leagues/$id" params={{ id: league.id }} className="link-list__item">
                  <span>{league.name}</span>
                  <span className="card__meta">{t('leagues.members', { count: league.memberCount })}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : leagues.isError ? (
          <ListError onRetry={() => void leagues.refetch()} />
        ) : leagues.data ? (
          <p className="muted">{t('leagues.none')}</p>
        ) : null}
        <form className="stack stack--sm" onSubmit={onSubmit}>
          <label className="field__label" htmlFor={inputId}>
            {t('leagues.createLabel')}
          </label>
          <input
            id={inputId}
            className="input"
            value={name}
            maxLength={LEAGUE_NAME_MAX}
            required
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn--primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {t('leagues.create')}
          </button>
        </form>
      </div>
    </Section>
  );
}

/** Renders the page. */
export function LeaderboardPage() {
  const { t } = useTranslation('leaderboards');
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const board = useLeaderboard(period);
  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <PeriodPicker value={period} onChange={setPeriod} />
        {board.data ? (
          <Standings table={board.data} caption={t('caption', { period: t(`period.${period}`) })} />
        ) : board.isError ? (
          <ListError onRetry={() => void board.refetch()} />
        ) : (
          <ListSkeleton rows={5} />
        )}
        <LeaderboardNameSwitch />
        <Leagues />
      </div>
    </Page>
  );
}
