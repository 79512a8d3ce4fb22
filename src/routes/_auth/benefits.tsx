/** `/benefits` (spec §2): member benefits by rank; underage members go to /dashboard (member guard, `_auth.tsx`). */
import { createFileRoute } from '@tanstack/react-router';
import { BenefitsPage } from '../../features/benefits/components/benefits-page';

export const Route = createFileRoute('/_auth/benefits')({
  staticData: { layout: 'default', titleKey: 'benefits:title' },
  component: BenefitsPage,
});
