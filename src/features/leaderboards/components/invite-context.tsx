/**
 * What an invitee was invited to, on the sign-in pages: the league's name, who started it and the
 * club's current name (from the organization, never from the locales), so a visitor who opened an invite link does
 * not land on a generic page. Renders nothing while the invite loads or when the code leads nowhere.
 */
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../../lib/organization/get-organization';
import { useLeagueInvite } from '../api/leaderboards';

/** Renders the invite of `code` as a note (a `region` named by its heading). */
export function InviteContext({ code }: { code: string }) {
  const { t } = useTranslation('leaderboards');
  const invite = useLeagueInvite(code);
  const { data: organization } = useOrganization();
  if (!invite.data || !organization) return null;
  const { name: league, invitedBy, memberCount } = invite.data;
  return (
    <section className="card stack stack--sm invite-context" aria-labelledby="invite-context-title">
      <h2 id="invite-context-title" className="card__title">
        {invitedBy
          ? t('inviteContext.by', { inviter: invitedBy, league, club: organization.name })
          : t('inviteContext.anonymous', { league, club: organization.name })}
      </h2>
      <p className="card__meta">{t('leagues.members', { count: memberCount })}</p>
      <p className="muted">{t('inviteContext.next')}</p>
    </section>
  );
}
