/** `/profile/edit` (spec §2): profile edit; underage users are sent to /dashboard by the main guard. */
import { createFileRoute } from '@tanstack/react-router';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { useCurrentUser } from '../../features/session/api/get-current-user';

export const Route = createFileRoute('/profile/edit')({
  staticData: { titleKey: 'profile:edit.title' },
  component: ProfileEditPage,
});

function ProfileEditPage() {
  const { data: user } = useCurrentUser();
  return <ProfileEditForm user={user} />;
}
