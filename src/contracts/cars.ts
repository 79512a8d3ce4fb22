/**
 * The cars page (decision 0025) as fans get it: `GET /cars` answers the organization's page in the member's
 * language, or null when the organization has none. Written by operators (`carsPage` of the organization's
 * settings, src/contracts/admin/cars-page.ts). Imports only zod.
 */
import { z } from 'zod';
import { CarSchema } from './admin/cars-page';
import { envelope } from './common';

export { CAR_SPEC_UNITS, type Car, type CarSpecLabel } from './admin/cars-page';

export const FanCarsPageSchema = z.object({
  intro: z.string(),
  raceTitle: z.string(),
  roadTitle: z.string(),
  roadIntro: z.string(),
  note: z.string(),
  cars: z.array(CarSchema),
});
export type FanCarsPage = z.infer<typeof FanCarsPageSchema>;
export const FanCarsPageResponseSchema = envelope(FanCarsPageSchema.nullable());
