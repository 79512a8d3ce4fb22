/**
 * Media URLs (ARCHITECTURE §5 wire conventions): images are `GET {apiOrigin}/media/{mediaId}` (public, cached);
 * CDN files (PDFs, videos) come as full URLs from the server (`sourceUrl`, a download's `url`).
 */
import { getRuntimeConfig } from '../platform/runtime-config';

/** URL of a media image by id; null for a null/empty id. */
export function mediaUrl(mediaId: string | null | undefined): string | null {
  if (!mediaId) return null;
  return `${getRuntimeConfig().apiOrigin.replace(/\/+$/, '')}/media/${encodeURIComponent(mediaId)}`;
}
