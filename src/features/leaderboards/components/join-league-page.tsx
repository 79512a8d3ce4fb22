/**
 * `/leagues/join/{code}`: the page an invite link opens. A visitor is first sent to sign in and
 * comes back here (the signed-in layout remembers the path); the fan sees the league's name and size and joins with
 * one button, then lands on its table. Already a member: a link to the table instead. A link back to the
 * leaderboard leaves without joining (the page has no tab bar).
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/content-ui';
import { PageSpinner } from '../../../components/spinner';
import { Page } from '../../../components/page';
import { ApiError } from '../../../api/errors';
import { notify } from '../../../platform/toasts';
import { useJoinLeague, useLeagueInvite } from '../api/leaderboards';

/** Renders the join page of invite `code`. */
export function JoinLeaguePage({ code }: { code: string }) {
  const { t } = useTranslation('leaderboards');
  const invite = useLeagueInvite(code);
  const join = useJoinLeague();
  const navigate = useNavigate();
  if (invite.isPending) return <PageSpinner />;
  if (!invite.data) {
    return (
      <Page title={t('join.title')}>
        <div className="stack">
          <p>{invite.error instanceof ApiError && invite.error.status === 404 ? t('join.unknown') : t('errors.generic')}</p>
          <Link to="/leaderboard" className="btn btn--secondary">
            {t('join.back')}
          </Link>
        </div>
      </Page>
    );
  }
  const league = invite.data;
  const onJoin = () =>
    join.mutate(code, {
      onSuccess: (joined) => void navigate({ to: '/leagues/$id', params: { id: joined.id }, replace: true }),
      onError: (error) =>
        notify({
          title: error instanceof ApiError && error.code === 'LeagueFull' ? t('join.full') : t('errors.generic'),
          variant: 'destructive',
        }),
    });
  return (
    <Page title={t('join.title')}>
      <BackLink to="/leaderboard" label={t('league.back')} />
      <div className="card stack">
        <h2 className="card__title">{league.name}</h2>
        <p className="card__meta">{t('leagues.members', { count: league.memberCount })}</p>
        {league.member ? (
          <Link to="/leagues/$id" params={{ id: league.id }} className="btn btn--primary">
            {t('join.open')}
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            onClick={onJoin}
            disabled={join.isPending}
            aria-busy={join.isPending || undefined}
          >
            {t('join.action', { name: league.name })}
          </button>
        )}
      </div>
    </Page>
  );
}
