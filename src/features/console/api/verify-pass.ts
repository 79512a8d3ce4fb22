/**
 * `POST /api/admin/passes/verify {code}`: checks a member card's code (a QR code's text or the typed
 * short code). Resolves with the member and `valid` / `suspended` / `expired`; errors are the client's typed errors
 * (404 NotFound, 422 MemberPassInvalid / ValidationFailed, 429 TooManyRequests). A check changes nothing: no
 * Idempotency-Key, nothing cached.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { MemberPassVerificationResponseSchema, type MemberPassVerification } from '../../../contracts/member-pass';

/** The verification mutation: `mutate(code)`. */
export function useVerifyPass() {
  return useMutation({
    mutationFn: async (code: string): Promise<MemberPassVerification> =>
      (await apiRequest('/admin/passes/verify', { method: 'POST', body: { code }, schema: MemberPassVerificationResponseSchema })).data,
  });
}
