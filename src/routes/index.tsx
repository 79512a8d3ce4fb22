/** `/` (spec §2): the sign-in entry. Open to visitors, allows an incomplete profile, no layout. */
import { createFileRoute } from '@tanstack/react-router';
import { SignInLanding } from '../features/session/components/sign-in-landing';

export const Route = createFileRoute('/')({
  staticData: { open: true, allowIncompleteProfile: true, layout: 'none' },
  component: SignInLanding,
});
