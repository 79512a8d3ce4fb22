/** `/benefits` (spec §2): member benefits by rank; underage members go to /dashboard (root guard). */
import { createFileRoute } from '@tanstack/react-router';
import { BenefitsPage } from '../features/benefits/components/benefits-page';

export const Route = createFileRoute('/benefits')({
  staticData: { layout: 'default', titleKey: 'benefits:title' },
  component: BenefitsPage,
});
