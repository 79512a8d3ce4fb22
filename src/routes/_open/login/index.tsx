/** `/login` (spec §2): e-mail step of sign-in. Same marks as the index: open, incomplete profile allowed, no layout. */
import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../../../features/session/components/login-form';

export const Route = createFileRoute('/_open/login/')({
  staticData: { open: true, allowIncompleteProfile: true, layout: 'none' },
  component: LoginForm,
});
