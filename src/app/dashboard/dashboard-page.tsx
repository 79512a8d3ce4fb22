/**
 * `/dashboard`: greeting, the banner of a prize to claim, points and rank, the way to the rewards catalogue, the daily check-in, challenges to do and
 * the rewards carousel.
 * The dashboard composes the fan features (it is the app's home screen, not a domain of its own).
 * The stories rail and the rewards carousel load from their own chunks once the first screen is usable, behind
 * placeholders of their size.
 * The page itself subscribes to nothing: each section reads the queries it shows, so an answer arriving (the member,
 * the organization, the dismissed cards) or the first screen settling re-renders that section, not every card on
 * the page.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstScreenSettled } from '../../platform/use-first-screen-settled';
import { useOrganization } from '../../lib/organization/get-organization';
import { useCurrentUser } from '../../lib/session/get-current-user';
import { useIsUnderage } from '../../lib/session/underage';
import { CheckinCard } from '../../features/checkin/components/checkin-card';
import { RankCard, RankCardSkeleton } from '../../features/ranks/components/rank-card';
import { useCarouselDismissals } from '../../features/benefits/api/carousel-dismissals';
import { WinBanner } from '../../features/sweepstakes/components/win-banner';
import { LiveVenueCard } from '../../features/venue/components/live-venue-card';
import { ChallengesToDo } from './challenges-to-do';
import './dashboard.css';

const StoriesRail = lazy(() => import('../../features/stories/components/stories-rail').then((m) => ({ default: m.StoriesRail })));
const RewardsCarousel = lazy(() =>
  import('../../features/rewards/components/rewards-carousel').then((m) => ({ default: m.RewardsCarousel })),
);

/** Empty block of a deferred section's height, so nothing moves when it arrives. */
function Placeholder({ kind }: { kind: 'rail' | 'carousel' }) {
  return <div className={`dashboard__placeholder dashboard__placeholder--${kind}`} aria-hidden="true" />;
}

/** Greeting key by local hour: morning (5-12), afternoon (12-18), evening. */
function greetingKey(date: Date): 'morning' | 'afternoon' | 'evening' {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/** The organization's name and the greeting of the member (by first name, else username). */
function DashboardHeader() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  const name = user?.firstName || user?.username || '';
  const part = greetingKey(new Date());
  return (
    <header className="dashboard__header">
      <p className="eyebrow">{organization?.name ?? ''}</p>
      <h1 className="page-title" tabIndex={-1}>
        {name ? t(`greeting.${part}`, { name }) : t(`greeting.${part}Anonymous`)}
      </h1>
    </header>
  );
}

/** The live venue event's card, for a member only. */
function MemberLiveVenueCard() {
  const { data: user } = useCurrentUser();
  return user ? <LiveVenueCard /> : null;
}

/**
 * Points and rank (a skeleton while the member loads), the way to the rewards catalogue and the daily check-in.
 * The member and the ranks are deferred values: a query's answer re-renders its readers in one uninterruptible
 * task, so the cards render in a transition that React slices and interleaves with input instead.
 */
function MemberStanding() {
  const { t } = useTranslation('dashboard');
  const user = useDeferredValue(useCurrentUser().data);
  const ranks = useDeferredValue(useOrganization().data?.ranks);
  if (!user) return <RankCardSkeleton />;
  return (
    <>
      <RankCard user={user} ranks={ranks} />
      <Link to="/rewards" className="card card--interactive dashboard__rewards">
        <span className="dashboard__rewards-title">{t('rewards.title')}</span>
        <span className="muted">{t('rewards.text', { count: user.points })}</span>
      </Link>
      <CheckinCard />
    </>
  );
}

/** The stories rail once the first screen is usable; its placeholder until then. */
function DeferredStoriesRail() {
  const settled = useFirstScreenSettled();
  if (!settled) return <Placeholder kind="rail" />;
  return (
    <Suspense fallback={<Placeholder kind="rail" />}>
      <StoriesRail />
    </Suspense>
  );
}

/** The rewards carousel, without the cards the member dismissed, once the first screen is usable. */
function DeferredRewardsCarousel() {
  const { data: user } = useCurrentUser();
  const underage = useIsUnderage();
  const { dismissedIds, dismiss } = useCarouselDismissals();
  const settled = useFirstScreenSettled();
  if (!settled) return <Placeholder kind="carousel" />;
  return (
    <Suspense fallback={<Placeholder kind="carousel" />}>
      <RewardsCarousel isUnderage={underage} dismissedIds={dismissedIds} onDismiss={user ? dismiss : undefined} />
    </Suspense>
  );
}

/** Renders the dashboard for the signed-in member. */
export function DashboardPage() {
  return (
    <div className="page dashboard">
      <DashboardHeader />
      <WinBanner />
      <MemberLiveVenueCard />
      <DeferredStoriesRail />
      <MemberStanding />
      <ChallengesToDo />
      <DeferredRewardsCarousel />
    </div>
  );
}
