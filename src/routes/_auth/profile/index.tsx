/** `/profile` (spec §2): the profile view. */
import { createFileRoute } from '@tanstack/react-router';
import { useOrganization } from '../../../lib/organization/get-organization';
import { ProfileView } from '../../../features/profile/components/profile-view';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useLogout } from '../../../features/session/api/logout';

export const Route = createFileRoute('/_auth/profile/')({
  staticData: { titleKey: 'profile:title' },
  component: ProfilePage,
});

function ProfilePage() {
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  const logout = useLogout();
  return <ProfileView user={user} organization={organization} logout={logout} />;
}
