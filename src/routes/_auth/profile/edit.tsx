/**
 * `/profile/edit` (spec §2): profile edit, then the avatar upload (spec §7 `POST /media`, `POST /media/set-avatar`)
 * and the consent switches (spec §7 `/consent/user`); underage users are sent to /dashboard by the member guard
 * (`_auth.tsx`).
 */
import { createFileRoute } from '@tanstack/react-router';
import { AvatarUploader } from '../../../features/avatar/components/avatar-uploader';
import { ConsentToggles } from '../../../features/consent/components/consent-toggles';
import { ProfileEditForm } from '../../../features/profile/components/profile-edit-form';
import { useCurrentUser } from '../../../lib/session/get-current-user';

export const Route = createFileRoute('/_auth/profile/edit')({
  staticData: { titleKey: 'profile:edit.title' },
  component: ProfileEditPage,
});

function ProfileEditPage() {
  const { data: user } = useCurrentUser();
  return (
    <ProfileEditForm
      user={user}
      extra={
        user ? (
          <div className="stack" style={{ marginTop: 'var(--space-4)' }}>
            <AvatarUploader user={user} />
            <ConsentToggles />
          </div>
        ) : null
      }
    />
  );
}
