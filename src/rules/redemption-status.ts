/**
 * How a redemption of the rewards catalogue moves on (decision 0090), shared by the server (which refuses any other
 * move) and the console's fulfilment list (which offers only these). Pure.
 * - `code`: revealed at once (`fulfilled`); an operator may still cancel it (a code the shop refused), refunding it.
 * - `pickup`: `pending` -> `ready` -> `fulfilled` (collected); `pending` may go straight to `fulfilled`.
 * - `shipping`: `pending` -> `shipped` -> `fulfilled` (delivered).
 * Anything not yet fulfilled may be cancelled by an operator; a member may cancel only their own `pending` one.
 */
import type { RedemptionStatus, RewardFulfilment } from '../contracts/reward';

/** The status a new redemption starts in: a code is handed out at once, an item waits for the operators. */
export function initialRedemptionStatus(fulfilment: RewardFulfilment): RedemptionStatus {
  return fulfilment === 'code' ? 'fulfilled' : 'pending';
}

/** The statuses an operator may move a redemption of kind `fulfilment` to from `status` (none once cancelled). */
export function nextRedemptionStatuses(fulfilment: RewardFulfilment, status: RedemptionStatus): RedemptionStatus[] {
  if (status === 'cancelled') return [];
  if (fulfilment === 'code') return ['cancelled'];
  if (status === 'fulfilled') return [];
  if (fulfilment === 'pickup') return status === 'pending' ? ['ready', 'fulfilled', 'cancelled'] : ['fulfilled', 'cancelled'];
  return status === 'pending' ? ['shipped', 'cancelled'] : ['fulfilled', 'cancelled'];
}

/** True when the member may cancel their own redemption themselves (an item nobody handled yet). */
export function memberMayCancel(status: RedemptionStatus): boolean {
  return status === 'pending';
}
