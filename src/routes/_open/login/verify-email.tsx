/**
 * `/login/verify-email` (spec §2): code step of sign-in; open to visitors. Without a pending e-mail (new tab, storage
 * cleared) it goes back to /login.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { VerifyEmailForm } from '../../../features/session/components/verify-email-form';
import { getPendingEmail } from '../../../features/session/pending-email';

export const Route = createFileRoute('/_open/login/verify-email')({
  staticData: { open: true, allowIncompleteProfile: true, layout: 'none' },
  beforeLoad: () => {
    const email = getPendingEmail();
    if (!email) throw redirect({ to: '/login', replace: true });
    return { pendingEmail: email };
  },
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { pendingEmail } = Route.useRouteContext();
  return <VerifyEmailForm email={pendingEmail} />;
}
