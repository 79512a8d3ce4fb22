/**
 * `/profile` (spec §2): the profile view, with the leaderboard name switch, the venues the member
 * was at, and a sign-out that first asks about actions still waiting to sync.
 */
import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useOrganization } from '../../../lib/organization/get-organization';
import { ProfileView } from '../../../features/profile/components/profile-view';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useSignOut } from '../../../features/session/components/sign-out-dialog';
import { LeaderboardNameSwitch } from '../../../features/leaderboards/components/name-switch';
import { VenuesAttended } from '../../../features/venue/components/venues-attended';

/** This device's notification settings: their code loads with the section, not with the app. */
const PushSettings = lazy(() => import('../../../features/push/components/push-settings').then((m) => ({ default: m.PushSettings })));

export const Route = createFileRoute('/_auth/profile/')({
  staticData: { titleKey: 'profile:title' },
  component: ProfilePage,
});

function ProfilePage() {
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  const logout = useSignOut();
  return (
    <>
      {logout.dialog}
      <ProfileView
        user={user}
        organization={organization}
        logout={logout}
        settings={
          <>
            <LeaderboardNameSwitch />
            <Suspense fallback={null}>
              <PushSettings />
            </Suspense>
          </>
        }
        sections={<VenuesAttended withLink />}
      />
    </>
  );
}
