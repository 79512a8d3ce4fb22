/**
 * `/profile` (spec §2): avatar, name, e-mail, points, rank; links to the member card, to edit the profile, and to the history and the
 * leaderboard when those routes exist; the operator console for operators; "Your data" (download, delete the account); the language switcher; sign out (spec §4
 * Session) back to /.
 */
import { useId, type ReactNode } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  CardIcon,
  ChevronRightIcon,
  ConsoleIcon,
  EditIcon,
  GlobeIcon,
  HistoryIcon,
  LogoutIcon,
  TrophyIcon,
  UserIcon,
} from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import type { Organization } from '../../../contracts/organization';
import type { User } from '../../../contracts/user';
import { isMemberUnderage } from '../../../lib/session/underage';
import { displayName, initials } from '../display-name';
import { LanguageSwitcher } from './language-switcher';

interface ProfileViewProps {
  user: User | null | undefined;
  organization: Organization | undefined;
  /** The sign-out mutation, given by the app layer (the session feature owns it): its state and `mutate`. */
  logout: {
    isPending: boolean;
    mutate: (variables: undefined, options: { onSettled: () => void }) => void;
  };
  /** Settings other features own, given by the app layer (the leaderboard name switch), shown below the links. */
  settings?: ReactNode;
  /** Sections other features add below the header, given by the app layer (the venues attended). */
  sections?: ReactNode;
}

/** Renders the profile page for the signed-in user. */
export function ProfileView({ user, organization, logout, settings, sections }: ProfileViewProps) {
  // The leaderboard link's label lives in its own namespace.
  const { t, i18n } = useTranslation(['profile', 'leaderboards', 'common']);
  const navigate = useNavigate();
  const router = useRouter();
  const languageLabelId = useId();
  if (!user) return <PageSpinner />;

  const rank = organization?.ranks.find((r) => r.name === user.rank);
  const number = new Intl.NumberFormat(i18n.language);
  const underage = isMemberUnderage(user, organization);
  const hasHistory = '/history' in (router.routesByPath as unknown as Record<string, unknown>);
  const hasLeaderboard = '/leaderboard' in (router.routesByPath as unknown as Record<string, unknown>);

  const onLogout = () => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/', replace: true }) });

  return (
    <Page title={t('title')} hideTitle>
      <section className="card card--brand" aria-labelledby="profile-name">
        <div className="stack stack--center profile-header">
          {user.avatarUrl ? (
            <img className="avatar avatar--lg" src={user.avatarUrl} alt="" width={88} height={88} />
          ) : (
            <span className="avatar avatar--lg" aria-hidden="true">
              {initials(user)}
            </span>
          )}
          <div className="stack stack--sm">
            <h2 className="profile-header__name" id="profile-name">
              {displayName(user)}
            </h2>
            {user.username ? <p className="profile-header__meta">@{user.username}</p> : null}
            <p className="profile-header__meta">{user.email}</p>
          </div>
        </div>
        <dl className="stat-row" style={{ margin: 0 }}>
          <div className="stat">
            <dt className="stat__label">{t('stats.points')}</dt>
            <dd className="stat__value" style={{ margin: 0 }}>
              {number.format(user.points)}
            </dd>
          </div>
          <div className="stat">
            <dt className="stat__label">{t('stats.rank')}</dt>
            <dd className="stat__value" style={{ margin: 0 }}>
              {user.rank}
              {rank ? <span className="visually-hidden"> ({rank.title})</span> : null}
            </dd>
            {rank ? (
              <dd className="card__meta" style={{ margin: 0 }} aria-hidden="true">
                {rank.title}
              </dd>
            ) : null}
          </div>
          <div className="stat">
            <dt className="stat__label">{t('stats.lifetime')}</dt>
            <dd className="stat__value" style={{ margin: 0 }}>
              {number.format(user.lifetimePoints)}
            </dd>
          </div>
        </dl>
      </section>
      {sections}

      <nav aria-label={t('links.label')}>
        <ul className="link-list">
          <li>
            <Link to="/card" className="link-list__item">
              <CardIcon />
              <span>{t('links.card')}</span>
              <ChevronRightIcon />
            </Link>
          </li>
          {underage ? null : (
            <li>
              <Link to="/profile/edit" className="link-list__item">
                <EditIcon />
                <span>{t('links.edit')}</span>
                <ChevronRightIcon />
              </Link>
            </li>
          )}
          {hasHistory ? (
            <li>
              <Link to={'/history' as '/'} className="link-list__item">
                <HistoryIcon />
                <span>{t('links.history')}</span>
                <ChevronRightIcon />
              </Link>
            </li>
          ) : null}
          {hasLeaderboard ? (
            <li>
              <Link to={'/leaderboard' as '/'} className="link-list__item">
                <TrophyIcon />
                <span>{t('leaderboards:title')}</span>
                <ChevronRightIcon />
              </Link>
            </li>
          ) : null}
          {user.role === 'operator' ? (
            <li>
              <Link to="/admin" className="link-list__item">
                <ConsoleIcon />
                <span>{t('common:console.linkLabel')}</span>
                <ChevronRightIcon />
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/profile/data" className="link-list__item">
              <UserIcon />
              <span>{t('links.data')}</span>
              <ChevronRightIcon />
            </Link>
          </li>
          <li>
            <div className="link-list__item" style={{ cursor: 'default' }}>
              <GlobeIcon />
              <span id={languageLabelId}>{t('language.label')}</span>
              <LanguageSwitcher labelId={languageLabelId} />
            </div>
          </li>
          <li>
            <button
              type="button"
              className="link-list__item link-list__item--danger"
              onClick={onLogout}
              disabled={logout.isPending}
              aria-busy={logout.isPending || undefined}
            >
              <LogoutIcon />
              <span>{logout.isPending ? t('logout.pending') : t('logout.action')}</span>
            </button>
          </li>
        </ul>
      </nav>
      {settings}
      {underage ? <p className="muted">{t('underageNote')}</p> : null}
    </Page>
  );
}
