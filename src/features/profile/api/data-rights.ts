/**
 * The member's data rights: `GET /user/me/export` (all their data, GDPR art. 15 and 20), saved as a
 * JSON file, and `DELETE /user/me` (erasure, art. 17) with the confirmation the server expects. Both are online-only
 * requests: neither is queued offline.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey } from '../../../api/client';
import { ACCOUNT_DELETION_CONFIRMATION, DataExportSchema } from '../../../contracts/data-rights';

/**
 * Downloads the member's data and hands it to the browser as `podium-my-data.json` (a temporary object URL on an
 * `<a download>`). Throws `ApiError` / `NetworkError` when the request fails.
 */
async function downloadMyData(): Promise<void> {
  const data = await apiRequest('/user/me/export', { schema: DataExportSchema });
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = 'podium-my-data.json';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download synchronously; the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Mutation hook for `downloadMyData`. */
export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** Erases the member's account (`DELETE /user/me`); the caller signs out locally afterwards. */
async function deleteMyAccount(): Promise<void> {
  await apiRequest('/user/me', {
    method: 'DELETE',
    body: { confirmation: ACCOUNT_DELETION_CONFIRMATION },
    idempotencyKey: createIdempotencyKey(),
  });
}

/** Mutation hook for `deleteMyAccount`. */
export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount });
}
