/**
 * Avatar change (spec §7): `POST /media` with the image bytes as `application/octet-stream`, then
 * `POST /media/set-avatar {name}` with the uploaded media's name ("the avatar slug before the dot"), then the
 * current user is refetched for its new `avatarUrl`. The server accepts real PNG/JPEG/WebP up to 5 MiB only
 * (413 / 415 otherwise); the client checks type and size first to answer at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import { AvatarContentTypeSchema, MAX_AVATAR_BYTES, type MediaUploadResult, type SetAvatarResult } from '../../../contracts/media';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';

/** Types the file picker offers (`accept`). */
export const AVATAR_ACCEPT = AvatarContentTypeSchema.options.join(',');

/** Why a chosen file is refused before upload, or null when it may be sent. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | 'empty' | null {
  if (file.size === 0) return 'empty';
  if (!AvatarContentTypeSchema.safeParse(file.type).success) return 'type';
  if (file.size > MAX_AVATAR_BYTES) return 'size';
  return null;
}

/** Uploads the image bytes. Returns the stored media (its `name` is passed to set-avatar). Throws ApiError (413, 415), NetworkError. */
async function uploadMedia(file: Blob): Promise<MediaUploadResult> {
  return requestData('/media', { method: 'POST', body: file, idempotencyKey: createIdempotencyKey() });
}

/** Makes the uploaded media the member's avatar. Takes the media name (a file name is cut at the dot). */
async function setAvatar(name: string): Promise<SetAvatarResult> {
  return requestData('/media/set-avatar', { method: 'POST', body: { name: name.split('.')[0] }, idempotencyKey: createIdempotencyKey() });
}

/** Upload then set-avatar; writes the new `avatarUrl` into the cached user, then refetches it. Online only. */
export function useChangeAvatar() {
  const queryClient = useQueryClient();
  const userKey = getCurrentUserQueryOptions().queryKey;
  return useMutation({
    mutationKey: ['change-avatar'],
    networkMode: 'online',
    mutationFn: async (file: Blob) => setAvatar((await uploadMedia(file)).name),
    onSuccess: (result) => {
      queryClient.setQueryData(userKey, (user) => (user ? { ...user, avatarUrl: result.avatarUrl } : user));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKey }),
  });
}
