/**
 * Consent rules (spec §3 Consent: value 0|1 exposed as `enabled`; §7 `PATCH /consent/user/{id}` body
 * `{consentId, value, data}`; §8 a failed update is only logged). Pure.
 */
import type { Consent, ConsentUpdate } from '../../contracts/consent';

/** Where a consent answer was given, recorded in `data.source`. */
type ConsentSource = 'profile';

/** The PATCH body for switching `consent` to `enabled` (value 1 or 0), with the source in `data`. */
export function toConsentUpdate(consent: Pick<Consent, 'consentId'>, enabled: boolean, source: ConsentSource = 'profile'): ConsentUpdate {
  return { consentId: consent.consentId, value: enabled ? 1 : 0, data: { source } };
}

/**
 * Optimistic list update: the consent `id` switched to `enabled`. Returns a new list (other items unchanged);
 * `updatedAt` is left to the server's answer.
 */
export function applyConsentChange(list: readonly Consent[], id: string, enabled: boolean): Consent[] {
  return list.map((c) => (c.id === id ? { ...c, value: enabled ? 1 : 0, enabled } : c));
}
