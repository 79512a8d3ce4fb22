/**
 * `GET /sweepstake/{id}/draw`: the published draw of a sweepstake (commitment, revealed seed, entry
 * list, winners by public name) and the member's own win. Read once the sweepstake was drawn.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { SweepstakeDraw } from '../../../contracts/sweepstake';
import { sweepstakeReadAuth } from './get-sweepstakes';

/** Query options: key `['sweepstakes', id, 'draw']`, refetch on reconnect. `NotFoundError` for an unknown id. */
export function getSweepstakeDrawQueryOptions(id: string) {
  return {
    ...dataQueryOptions<SweepstakeDraw>(['sweepstakes', id, 'draw'], `/sweepstake/${encodeURIComponent(id)}/draw`, sweepstakeReadAuth),
    refetchOnReconnect: 'always' as const,
  };
}

/** The draw of sweepstake `id`, fetched only when `enabled` (once it was drawn). */
export function useSweepstakeDraw(id: string, enabled: boolean) {
  return useQuery({ ...getSweepstakeDrawQueryOptions(id), enabled });
}
