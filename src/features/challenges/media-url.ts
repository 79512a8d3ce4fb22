/**
 * Image URL of a media id (TEAM-BRIEF wire conventions: `GET /api/media/{mediaId}`, public, cacheable),
 * built from the runtime config's `apiOrigin` so another deployment can move the API.
 */
import { getRuntimeConfig } from '../../platform/runtime-config';

/** Returns `{apiOrigin}/media/{mediaId}`, or null when there is no media id. */
export function getMediaUrl(mediaId: string | null | undefined): string | null {
  if (!mediaId) return null;
  const origin = getRuntimeConfig().apiOrigin.replace(/\/+$/, '');
  return `${origin}/media/${encodeURIComponent(mediaId)}`;
}
