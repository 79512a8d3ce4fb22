/**
 * `/profile/data`: download my data, delete my account. After the erasure the fan is signed out
 * on this device (the session feature owns sign-out, so it is composed here) and lands on the sign-in screen.
 */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { DataRights } from '../../../features/profile/components/data-rights';
import { useLogout } from '../../../features/session/api/logout';

export const Route = createFileRoute('/_auth/profile/data')({
  staticData: { titleKey: 'profile:data.title' },
  component: DataRightsPage,
});

function DataRightsPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  return <DataRights onDeleted={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/login', replace: true }) })} />;
}
