/**
 * `GET /content/downloads` (decision 0012 of the content API): the digital downloads, each a PDF at
 * `{cdnBase}/{id}` (spec §7 "GET /{id} on the media CDN base").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { DownloadListResponseSchema, Download } from '../../../contracts/content';

/** Fetches the downloads. Throws API/network errors. */
async function getDownloads(signal?: AbortSignal): Promise<Download[]> {
  const { data } = await apiRequest<ResponseOf<typeof DownloadListResponseSchema>>('/content/downloads', { signal });
  return data;
}

/** Query options: key `['downloads']`. */
export function getDownloadsQueryOptions() {
  return queryOptions({ queryKey: ['downloads'] as const, queryFn: ({ signal }) => getDownloads(signal) });
}

/** The download list with its query state. */
export function useDownloads() {
  return useQuery(getDownloadsQueryOptions());
}
