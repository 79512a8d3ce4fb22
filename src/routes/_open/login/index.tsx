/**
 * `/login` (spec §2): e-mail step of sign-in. Same marks as the index: open, incomplete profile allowed, no layout.
 * Search: `redirect`, the same-origin path to come back to after sign-in (the console's guard sends visitors here
 * with it; anything else is dropped: `safeRedirectPath`).
 */
import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../../../features/session/components/login-form';
import { safeRedirectPath } from '../../../features/session/navigation-guard';
import { Invitation } from '../../-invitation';

export const Route = createFileRoute('/_open/login/')({
  staticData: { open: true, allowIncompleteProfile: true, layout: 'none' },
  // An unsafe value becomes undefined (not left out: the router would keep the raw one in the page's search).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: safeRedirectPath(search.redirect) }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  return <LoginForm redirect={redirect} invitation={<Invitation />} />;
}
