/**
 * Media URLs (ARCHITECTURE §5 wire conventions): images are `GET {apiOrigin}/media/{mediaId}` (public, cached);
 * CDN files (PDFs, videos) are `{cdnBase}/{name}`.
 */
import { getRuntimeConfig } from '../platform/runtime-config';

/** URL of a media image by id; null for a null/empty id. */
export function mediaUrl(mediaId: string | null | undefined): string | null {
  if (!mediaId) return null;
  return `${getRuntimeConfig().apiOrigin.replace(/\/+$/, '')}/media/${encodeURIComponent(mediaId)}`;
}

/** URL of a CDN file by name (spec §7 "GET /{id} on the media CDN base"). */
export function cdnUrl(name: string): string {
  return `${getRuntimeConfig().cdnBase.replace(/\/+$/, '')}/${encodeURIComponent(name)}`;
}
