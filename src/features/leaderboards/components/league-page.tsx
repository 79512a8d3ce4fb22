/**
 * `/leagues/{id}`: a private league's table by period (every member, the fan's row highlighted),
 * its invite link (Web Share API where available, else copied with a toast; when both fail, shown in a field to copy
 * by hand) and leaving it. A league is a detail
 * of the leaderboard: the page has no tab bar but a link back to it, in every state.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, ListSkeleton } from '../../../components/content-ui';
import { ListError } from '../../../components/list-states';
import { Page } from '../../../components/page';
import { TextField } from '../../../components/field';
import type { LeaderboardPeriod } from '../../../contracts/leaderboard';
import { notify } from '../../../platform/toasts';
import { useLeagueTable, useLeaveLeague } from '../api/leaderboards';
import { inviteUrl, shareInvite } from '../share-invite';
import { PeriodPicker, Standings } from './standings';

/**
 * The invite link in a read-only field, selected on focus, for a browser that could neither share nor copy it; the
 * note before it is announced (`role="alert"`).
 */
function ManualInviteLink({ url }: { url: string }) {
  const { t } = useTranslation('leaderboards');
  return (
    <div className="stack stack--sm">
      <p role="alert">{t('invite.failed')}</p>
      <TextField
        label={t('invite.linkLabel')}
        hint={t('invite.linkHint')}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}

/** Renders the page of league `id`. */
export function LeaguePage({ id }: { id: string }) {
  const { t } = useTranslation('leaderboards');
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const table = useLeagueTable(id, period);
  const leave = useLeaveLeague();
  const navigate = useNavigate();
  const league = table.data?.league;
  // Set when neither the share sheet nor the clipboard took the link: it then stays on the page, in a field to copy
  // by hand (a toast would take it away).
  const [unshared, setUnshared] = useState<string | null>(null);

  const onShare = async () => {
    if (!league) return;
    const url = inviteUrl(league.inviteCode);
    try {
      const outcome = await shareInvite(url, league.name, t('invite.text', { name: league.name }));
      if (outcome === 'copied') notify({ title: t('invite.copied') });
    } catch {
      setUnshared(url);
    }
  };
  const onLeave = () => {
    if (!league || !window.confirm(t('leave.confirm', { name: league.name }))) return;
    leave.mutate(league.id, {
      onSuccess: () => {
        notify({ title: t('leave.done', { name: league.name }) });
        void navigate({ to: '/leaderboard', replace: true });
      },
      onError: () => notify({ title: t('errors.generic'), variant: 'destructive' }),
    });
  };

  return (
    <Page title={league?.name ?? t('league.title')}>
      <div className="stack stack--lg">
        <BackLink to="/leaderboard" label={t('league.back')} />
        {league ? <p className="card__meta">{t('leagues.members', { count: league.memberCount })}</p> : null}
        {league ? (
          <button type="button" className="btn btn--primary" onClick={() => void onShare()}>
            {t('invite.action')}
          </button>
        ) : null}
        {unshared ? <ManualInviteLink url={unshared} /> : null}
        <PeriodPicker value={period} onChange={setPeriod} />
        {table.data ? (
          <Standings table={table.data} caption={t('leagueCaption', { name: table.data.league.name, period: t(`period.${period}`) })} />
        ) : table.isError ? (
          <ListError onRetry={() => void table.refetch()} />
        ) : (
          <ListSkeleton rows={5} />
        )}
        {league ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={onLeave}
            disabled={leave.isPending}
            aria-busy={leave.isPending || undefined}
          >
            {t('leave.action')}
          </button>
        ) : null}
      </div>
    </Page>
  );
}
