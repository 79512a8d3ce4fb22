/**
 * `PATCH /user/me` (spec §7): username, firstName, lastName, phoneNumber, zipCode, birthday, properties.
 * The input schema is the shared contract `UserUpdateSchema`, reused by the forms. On success the cached current
 * user is replaced by the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import { UserUpdateSchema, type User, type UserUpdate } from '../../../contracts/user';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';

/** Saves the profile fields given. Returns the updated user. Throws `ApiError` (422 validation/BirthdayImmutable). */
async function updateProfile(input: UserUpdate): Promise<User> {
  const body = UserUpdateSchema.parse(input);
  return requestData('/user/me', { method: 'PATCH', body, idempotencyKey: createIdempotencyKey() });
}

/** Mutation hook for `updateProfile`; writes the answer into the current-user query. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'update'],
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user),
  });
}
