/**
 * `PATCH /consent/user/{id}` (spec §7, body `{consentId, value, data}`). The switch moves at once (optimistic);
 * a failed update is only logged (spec §8 "Consent update error: Logged only") and the list is refetched, so
 * the switch shows what the server holds.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import type { Consent } from '../../../contracts/consent';
import { applyConsentChange, toConsentUpdate } from '../consent-rules';
import { getConsentsQueryOptions } from './get-consents';

/** Variables: the consent and its new state. */
interface UpdateConsentVariables {
  consent: Pick<Consent, 'id' | 'consentId'>;
  enabled: boolean;
}

/**
 * Sends the new value of one consent. Returns the consent as stored.
 * @throws ApiError (422 mismatched consentId, 404), NetworkError
 */
async function updateConsent({ consent, enabled }: UpdateConsentVariables): Promise<Consent> {
  return requestData(`/consent/user/${encodeURIComponent(consent.id)}`, {
    method: 'PATCH',
    body: toConsentUpdate(consent, enabled),
    idempotencyKey: createIdempotencyKey(),
  });
}

/** The consent mutation: optimistic switch, error logged only, list refetched when settled. */
export function useUpdateConsent() {
  const queryClient = useQueryClient();
  const key = getConsentsQueryOptions().queryKey;
  return useMutation({
    mutationKey: ['consent-update'],
    mutationFn: updateConsent,
    onMutate: async ({ consent, enabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, applyConsentChange(previous, consent.id, enabled));
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, (list) => list?.map((c) => (c.id === saved.id ? saved : c)));
    },
    onError: (error, { consent }, context) => {
      console.error(`[consent] could not update consent "${consent.id}"`, error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
