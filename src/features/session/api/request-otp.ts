/**
 * `POST /session/otp {email}` (ARCHITECTURE §3): sends a 6-digit sign-in code by e-mail. The server answers the
 * same for known and unknown addresses.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey, type ResponseOf } from '../../../api/client';
import type { OtpResponseSchema, OtpRequest } from '../../../contracts/session';
import { getRuntimeConfig } from '../../../platform/runtime-config';
import { sendSupabaseOtp } from '../supabase/auth';

/**
 * Requests a code for the e-mail (supabase mode: `signInWithOtp`). Throws `ApiError` (422 invalid e-mail, 429 too
 * many requests) or `NetworkError`. The contract (zod) loads with the request, not with the sign-in page: its
 * evaluation is a long task on a phone.
 */
async function requestOtp(input: OtpRequest): Promise<void> {
  const { OtpRequestSchema } = await import('../../../contracts/session');
  const body = OtpRequestSchema.parse(input);
  const { auth } = getRuntimeConfig();
  if (auth.mode === 'supabase') return sendSupabaseOtp(auth, body.email);
  await apiRequest<ResponseOf<typeof OtpResponseSchema>>('/session/otp', {
    method: 'POST',
    body,
    idempotencyKey: createIdempotencyKey(),
  });
}

/** Mutation hook for `requestOtp`. */
export function useRequestOtp() {
  return useMutation({ mutationKey: ['session', 'otp'], mutationFn: requestOtp });
}
