/**
 * `GET /cars`: the organization's cars page, written by its operators, in the request's language
 * (null when the organization has none). Persisted with the other fan data, so the page shows offline.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { FanCarsPage } from '../../../contracts/cars';

/** Query options: key `['cars']`. */
export function getCarsPageQueryOptions() {
  return dataQueryOptions<FanCarsPage | null>(['cars'], '/cars');
}

/** The cars page with its query state. */
export function useCarsPage() {
  return useQuery(getCarsPageQueryOptions());
}
