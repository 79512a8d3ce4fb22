/**
 * The index screen (spec §2 `/`): the sign-in entry for visitors — the organization's mark and name, what members
 * get, what an invitee was invited to, and "Sign in with e-mail".
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import { CheckCircleIcon, StarIcon, TargetIcon, TrophyIcon } from '../../../components/icons';
import { useOrganization } from '../../../lib/organization/get-organization';
import { useDocumentTitle } from '../../../components/page';

/** What members get, in order: the i18n key under `session:landing.perks` and its icon. */
const PERKS = [
  { key: 'checkin', Icon: CheckCircleIcon },
  { key: 'challenges', Icon: TargetIcon },
  { key: 'ranks', Icon: TrophyIcon },
  { key: 'rewards', Icon: StarIcon },
] as const;

/**
 * Renders the landing hero and the call to action. Slots the app layer fills from other features:
 * `invitation`, what the visitor was invited to, above the call to action; `offers`, what the club shows visitors
 * who are not signed in, below it.
 */
export function SignInLanding({ invitation, offers }: { invitation?: ReactNode; offers?: ReactNode } = {}) {
  const { t } = useTranslation('session');
  const { data: organization } = useOrganization();
  const name = organization?.name ?? 'Podium';
  const logo = mediaUrl(organization?.logoMediaId);
  useDocumentTitle(t('landing.documentTitle', { name }));
  return (
    <div className="auth-screen">
      <div className="auth-screen__top">
        <div className="hero">
          <span className="hero__logo" aria-hidden="true">
            {logo ? <img src={logo} alt="" width={64} height={64} /> : name.charAt(0)}
          </span>
          <p className="eyebrow">{t('landing.eyebrow', { name })}</p>
          <h1 className="hero__title" tabIndex={-1}>
            {t('landing.title')}
          </h1>
          <p className="hero__subtitle">{t('landing.subtitle', { name })}</p>
        </div>
        <ul className="plain-list">
          {PERKS.map(({ key, Icon }) => (
            <li key={key} className="perk">
              <span className="perk__icon">
                <Icon />
              </span>
              {t(`landing.perks.${key}`)}
            </li>
          ))}
        </ul>
      </div>
      <div className="auth-screen__panel">
        {invitation}
        <Link to="/login" className="btn btn--primary btn--lg btn--block">
          {t('landing.cta')}
        </Link>
        <p className="muted" style={{ textAlign: 'center', fontSize: 'var(--text-sm)' }}>
          {t('landing.newHere')}
        </p>
      </div>
      {offers ? <div className="auth-screen__offers stack stack--lg">{offers}</div> : null}
    </div>
  );
}
