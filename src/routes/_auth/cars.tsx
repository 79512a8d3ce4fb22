/** `/cars` (spec §2 "Cars page"): the organization's cars page (its content comes from `GET /cars`). */
import { createFileRoute } from '@tanstack/react-router';
import { CarsPage } from '../../features/cars/components/cars-page';

export const Route = createFileRoute('/_auth/cars')({
  staticData: { layout: 'default', titleKey: 'cars:title' },
  component: CarsPage,
});
