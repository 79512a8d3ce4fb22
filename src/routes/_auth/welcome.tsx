/** `/welcome` (spec §2): onboarding for a new user; layout without the bottom navigation. */
import { createFileRoute } from '@tanstack/react-router';
import { useOrganization } from '../../lib/organization/get-organization';
import { WelcomeForm } from '../../features/profile/components/welcome-form';
import { useCurrentUser } from '../../lib/session/get-current-user';

export const Route = createFileRoute('/_auth/welcome')({
  staticData: { layout: 'no-bottom-nav', allowIncompleteProfile: true, titleKey: 'profile:welcome.appBar' },
  component: WelcomePage,
});

function WelcomePage() {
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  return <WelcomeForm user={user} organizationName={organization?.name ?? 'Podium'} />;
}
