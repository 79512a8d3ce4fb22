/**
 * The index screen (spec §2 `/`): the sign-in entry for visitors — the organization's mark and name, what members
 * get, and "Sign in with e-mail".
 */
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import { CheckCircleIcon, StarIcon, TargetIcon, TrophyIcon } from '../../../components/icons';
import { useOrganization } from '../../../lib/organization/get-organization';

/** Renders the landing hero and the call to action. */
export function SignInLanding() {
  const { t } = useTranslation('session');
  const { data: organization } = useOrganization();
  const name = organization?.name ?? 'Podium';
  const logo = mediaUrl(organization?.logoMediaId);
  useEffect(() => {
    document.title = `${t('landing.documentTitle', { name })} · Podium`;
  }, [name, t]);
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
          <li className="perk">
            <span className="perk__icon"><CheckCircleIcon /></span>
            {t('landing.perks.checkin')}
          </li>
          <li className="perk">
            <span className="perk__icon"><TargetIcon /></span>
            {t('landing.perks.challenges')}
          </li>
          <li className="perk">
            <span className="perk__icon"><TrophyIcon /></span>
            {t('landing.perks.ranks')}
          </li>
          <li className="perk">
            <span className="perk__icon"><StarIcon /></span>
            {t('landing.perks.rewards')}
          </li>
        </ul>
      </div>
      <div className="auth-screen__panel">
        <Link to="/login" className="btn btn--primary btn--lg btn--block">
          {t('landing.cta')}
        </Link>
        <p className="muted" style={{ textAlign: 'center', fontSize: 'var(--text-sm)' }}>
          {t('landing.newHere')}
        </p>
      </div>
    </div>
  );
}
