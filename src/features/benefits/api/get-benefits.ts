/**
 * `GET /benefits`: what each rank unlocks, written by the organization's operators, texts in the
 * request's language, in display order. Persisted with the other fan data, so the page shows offline.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Benefit } from '../../../contracts/benefit';

/** Query options: key `['benefits']`. */
export function getBenefitsQueryOptions() {
  return dataQueryOptions<Benefit[]>(['benefits'], '/benefits');
}

/** The benefits with their query state. */
export function useBenefits() {
  return useQuery(getBenefitsQueryOptions());
}
