/**
 * The public dashboard (spec §1, §2, §6): what an anonymous visitor sees on `/` when the
 * logged-off dashboard is on — the organization's public sweepstakes (loaded with the organization key) and public
 * challenges (the server decides which are public), each with a call to sign in. Choosing an item remembers its
 * page as the post-login destination, so the visitor lands there after signing in.
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Challenge } from '../../contracts/challenge';
import type { Sweepstake } from '../../contracts/sweepstake';
import { getChallengesQueryOptions } from '../../features/challenges/api/get-challenges';
import { useOrganization } from '../../lib/organization/get-organization';
import { setPostLoginRedirect } from '../../features/session/post-login-redirect';
import { getSweepstakesQueryOptions } from '../../features/sweepstakes/api/get-sweepstakes';
import { Section } from '../../components/section';
import { useDocumentTitle } from '../../components/page';

/** Open public challenges (visible, not expired) at `now`, soonest expiry first (pure). */
function openPublicChallenges(challenges: readonly Challenge[], now: number): Challenge[] {
  return challenges
    .filter((c) => Date.parse(c.visibleFrom) <= now && (!c.expiresOn || Date.parse(c.expiresOn) > now))
    .sort((a, b) => (a.expiresOn ? Date.parse(a.expiresOn) : Infinity) - (b.expiresOn ? Date.parse(b.expiresOn) : Infinity));
}

/** Sweepstakes a visitor can still take part in: live first, then coming soon (pure). */
function openPublicSweepstakes(sweepstakes: readonly Sweepstake[]): Sweepstake[] {
  const rank = { live: 0, coming_soon: 1, ended: 2 } as const;
  return sweepstakes.filter((s) => s.status !== 'ended').sort((a, b) => rank[a.status] - rank[b.status]);
}

function SignInCta({ path, label }: { path: string; label: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      onClick={() => {
        setPostLoginRedirect(path);
        void navigate({ to: '/login' });
      }}
    >
      {label}
    </button>
  );
}

interface PublicSectionProps<T> {
  id: string;
  title: string;
  query: { isPending: boolean; isLoadingError: boolean };
  /** The items a visitor can take part in; undefined until loaded. */
  items: T[] | undefined;
  emptyText: string;
  itemKey: (item: T) => string;
  /** The content of one item's card. */
  children: (item: T) => ReactNode;
}

/** One list of the public dashboard: its heading, loading / failed / empty notes, and a card per item. */
function PublicSection<T>({ id, title, query, items, emptyText, itemKey, children }: PublicSectionProps<T>) {
  const { t } = useTranslation('integrations');
  return (
    <Section id={id} title={title} className="section">
      {query.isPending ? <p className="muted">{t('publicDashboard.loading')}</p> : null}
      {query.isLoadingError ? <p className="muted">{t('publicDashboard.loadFailed')}</p> : null}
      {items?.length === 0 ? <p className="muted">{emptyText}</p> : null}
      <ul className="stack" aria-label={title}>
        {items?.map((item) => (
          <li key={itemKey(item)} className="card">
            <div className="card__body stack stack--sm">{children(item)}</div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * The public sweepstakes and challenges, each with a call to sign in: the items whose operator setting "shown to
 * visitors who are not signed in" is on (the server filters for the organization key). On the public dashboard, and
 * on the sign-in landing when the public dashboard is off, where `hideEmpty` leaves out a list with nothing in it.
 */
export function PublicOffers({ hideEmpty = false }: { hideEmpty?: boolean }) {
  const { t } = useTranslation('integrations');
  const sweepstakes = useQuery(getSweepstakesQueryOptions());
  const challenges = useQuery(getChallengesQueryOptions());
  // The clock is read once, when the page opens: rendering stays pure and the list does not shift between renders.
  const [now] = useState(() => Date.now());
  const openSweepstakes = sweepstakes.data ? openPublicSweepstakes(sweepstakes.data) : undefined;
  const openChallenges = challenges.data ? openPublicChallenges(challenges.data, now) : undefined;
  const shown = (items: unknown[] | undefined) => !hideEmpty || (items?.length ?? 0) > 0;

  return (
    <>
      {shown(openSweepstakes) ? (
        <PublicSection
          id="public-sweepstakes-title"
          title={t('publicDashboard.sweepstakesTitle')}
          query={sweepstakes}
          items={openSweepstakes}
          emptyText={t('publicDashboard.noSweepstakes')}
          itemKey={(s) => s.sweepstakeId}
        >
          {(s) => (
            <>
              <span className={s.status === 'live' ? 'pill pill--success' : 'pill pill--muted'}>
                {t(`publicDashboard.status.${s.status}`)}
              </span>
              <h3 className="card__title">{s.title}</h3>
              <p className="card__meta">{t('publicDashboard.prize', { prize: s.prize })}</p>
              <p className="card__meta">{t('publicDashboard.entryCost', { count: s.entryCost })}</p>
              <SignInCta path={`/sweepstakes/${s.sweepstakeId}`} label={t('publicDashboard.signInToEnter')} />
            </>
          )}
        </PublicSection>
      ) : null}

      {shown(openChallenges) ? (
        <PublicSection
          id="public-challenges-title"
          title={t('publicDashboard.challengesTitle')}
          query={challenges}
          items={openChallenges}
          emptyText={t('publicDashboard.noChallenges')}
          itemKey={(c) => c.challengeId}
        >
          {(c) => (
            <>
              <h3 className="card__title">{c.title}</h3>
              <p className="card__meta">{t('publicDashboard.points', { count: c.maxPoints })}</p>
              <SignInCta path={`/challenges/${c.subtype}/${c.challengeId}`} label={t('publicDashboard.signInToPlay')} />
            </>
          )}
        </PublicSection>
      ) : null}
    </>
  );
}

/** Renders the public dashboard. */
export function PublicDashboard() {
  const { t } = useTranslation('integrations');
  const { data: organization } = useOrganization();
  const name = organization?.name ?? 'Podium';

  useDocumentTitle(t('publicDashboard.documentTitle', { name }));

  return (
    <div className="page stack stack--lg">
      <header className="hero">
        <p className="eyebrow">{name}</p>
        <h1 className="page-title" tabIndex={-1}>
          {t('publicDashboard.title', { name })}
        </h1>
        <p className="muted">{t('publicDashboard.intro')}</p>
        <Link to="/login" className="btn btn--primary btn--lg btn--block">
          {t('publicDashboard.signIn')}
        </Link>
      </header>

      <PublicOffers />
    </div>
  );
}
