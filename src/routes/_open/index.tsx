/**
 * `/` (spec §2): open to visitors, allows an incomplete profile, no layout. Normally the sign-in entry. With the
 * logged-off dashboard on, visitors see the public dashboard here, and a signed-in member —
 * whom the guard keeps on `/` in that mode — sees the member dashboard. Otherwise the landing also shows the
 * sweepstakes and challenges the club shows visitors, and an invitee what they were invited to.
 */
import { createFileRoute } from '@tanstack/react-router';
import { Invitation } from '../-invitation';
import { BottomNav } from '../../components/bottom-nav';
import { DashboardPage } from '../../app/dashboard/dashboard-page';
import { PublicDashboard, PublicOffers } from '../../app/public-dashboard/public-dashboard';
import { useCurrentUser } from '../../lib/session/get-current-user';
import { SignInLanding } from '../../features/session/components/sign-in-landing';

export const Route = createFileRoute('/_open/')({
  staticData: { open: true, allowIncompleteProfile: true, layout: 'none' },
  component: IndexPage,
});

function IndexPage() {
  const { config } = Route.useRouteContext();
  const { data: user } = useCurrentUser();
  if (!config.loggedOffDashboard) return <SignInLanding invitation={<Invitation />} offers={<PublicOffers hideEmpty />} />;
  if (!user) return <PublicDashboard />;
  return (
    <div className={config.tabsEnabled ? 'app-main--with-nav' : undefined}>
      <DashboardPage />
      {config.tabsEnabled ? <BottomNav /> : null}
    </div>
  );
}
