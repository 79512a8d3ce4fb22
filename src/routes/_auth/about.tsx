/** `/about` (spec §2): about the club's app, points, ranks and version. */
import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../app/about/about-page';

export const Route = createFileRoute('/_auth/about')({
  staticData: { layout: 'default', titleKey: 'about:title' },
  component: AboutPage,
});
