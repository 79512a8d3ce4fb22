/**
 * Video view rules (ARCHITECTURE §4: one view award per member and video). Pure helpers for the optimistic cache
 * update of an offline-queued view.
 */
import type { Video } from '../../contracts/content';

/** Marks video `id` viewed in a list. Returns a new list. */
export function markVideoViewed(list: readonly Video[], id: string): Video[] {
  return list.map((v) => (v.id === id && !v.viewed ? { ...v, viewed: true } : v));
}

/** Points a view would earn now: the video's value, or 0 once viewed. */
export function pendingViewPoints(video: Pick<Video, 'viewed' | 'value'> | undefined): number {
  return video && !video.viewed ? video.value : 0;
}

/** The featured video of the media home: the first one not yet viewed, else the first. Null for an empty list. */
export function featuredVideo(list: readonly Video[]): Video | null {
  return list.find((v) => !v.viewed) ?? list[0] ?? null;
}
