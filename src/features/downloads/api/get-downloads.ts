/**
 * `GET /content/downloads`: the digital downloads, each a PDF at
 * `{cdnBase}/{id}` (spec §7 "GET /{id} on the media CDN base").
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Download } from '../../../contracts/content';

/** Query options: key `['downloads']`, fetches the downloads. Throws API/network errors. */
export function getDownloadsQueryOptions() {
  return dataQueryOptions<Download[]>(['downloads'], '/content/downloads');
}

/** The download list with its query state. */
export function useDownloads() {
  return useQuery(getDownloadsQueryOptions());
}
