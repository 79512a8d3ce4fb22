/**
 * What a fan may open in the stands is on the device before the signal goes (ARCHITECTURE §6). Once
 * per page, while online, after the content preloads:
 * - the live venue events; during one, the venue screen's data (the venues attended) and, where the browser cannot
 *   read QR codes itself, the QR decoder's chunk, so the scanner opens and reads codes offline;
 * - the open challenges not yet on the device, one by one (their own query, as the challenge screen reads it),
 *   among the first `STANDS_BUDGET.challenges` open ones;
 * - the images of the open challenges and of the running stories (chapters first), through the service worker's
 *   media cache (cache first, so an image already there costs nothing), at most `STANDS_BUDGET.images` images and
 *   `STANDS_BUDGET.imageBytes` bytes.
 * Nothing is fetched with Data Saver on, offline, or before the service worker controls the page (images would not
 * be kept). Every failure is ignored: this is a head start, not a feature the fan waits on.
 */
import type { QueryClient } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { mediaUrl } from '../api/media';
import { preloadQrDecoder } from '../components/qr-decoder';
import type { Challenge } from '../contracts/challenge';
import type { Story } from '../contracts/content';
import { getChallengeQueryOptions } from '../features/challenges/api/get-challenge';
import { getChallengesQueryOptions } from '../features/challenges/api/get-challenges';
import { partitionChallenges } from '../features/challenges/challenge-list';
import { getStoriesQueryOptions } from '../features/stories/api/get-stories';
import { getLiveVenueEventsQueryOptions } from '../features/venue/api/get-live-venue-events';
import { getVenuesAttendedQueryOptions } from '../features/venue/api/get-venues-attended';

/**
 * The budget of one preload: open challenges fetched one by one, images and their bytes (the
 * service worker's media cache keeps 200 entries, so this leaves room for what the fan opens).
 */
const STANDS_BUDGET = { challenges: 12, images: 40, imageBytes: 3 * 1024 * 1024 } as const;

let started = false;

/** True when Data Saver asks the page to fetch only what the fan opens. */
function saveData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** The running stories at `now`, not rank-coded for another rank (the server already filtered those). */
function runningStories(stories: readonly Story[], now: number): Story[] {
  return stories.filter((s) => Date.parse(s.startsAt) <= now && (s.stopsAt === null || Date.parse(s.stopsAt) > now));
}

/** Media ids of the open challenges (the challenge's, then its options') and the running stories' chapters. */
function imageIds(challenges: readonly Challenge[], stories: readonly Story[]): string[] {
  const ids: (string | null | undefined)[] = [];
  for (const story of stories)
    for (const chapter of [...story.chapters].sort((a, b) => a.orderIndex - b.orderIndex)) ids.push(chapter.mediaId);
  for (const challenge of challenges) {
    ids.push(challenge.mediaId);
    for (const option of challenge.challengeType.options) ids.push(option.mediaId);
    for (const question of challenge.challengeType.questions) for (const option of question.options) ids.push(option.mediaId);
  }
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
}

/** Fetches `urls` one at a time into the service worker's media cache within the image budget. */
async function warmImages(urls: readonly string[]): Promise<void> {
  let bytes = 0;
  for (const url of urls.slice(0, STANDS_BUDGET.images)) {
    if (!onlineManager.isOnline() || bytes >= STANDS_BUDGET.imageBytes) return;
    const response = await fetch(url, { credentials: 'omit' }).catch(() => null);
    if (response?.ok) bytes += (await response.blob().catch(() => new Blob())).size;
  }
}

/** Starts the stands preload for the signed-in member (once per page). Never throws. */
export async function preloadForTheStands(queryClient: QueryClient): Promise<void> {
  if (started || typeof navigator === 'undefined' || !onlineManager.isOnline() || saveData()) return;
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  started = true;
  try {
    const live = await queryClient.fetchQuery(getLiveVenueEventsQueryOptions()).catch(() => []);
    if (live.length > 0) {
      void queryClient.prefetchQuery(getVenuesAttendedQueryOptions());
      void preloadQrDecoder().catch(() => undefined);
    }

    const now = new Date();
    const all = await queryClient.fetchQuery(getChallengesQueryOptions()).catch(() => [] as Challenge[]);
    const open = partitionChallenges(all, now).open.slice(0, STANDS_BUDGET.challenges);
    for (const challenge of open) {
      if (!onlineManager.isOnline()) return;
      const options = getChallengeQueryOptions(challenge.challengeId);
      // A copy already on the device is enough offline; the challenge screen refreshes it when opened online.
      if (queryClient.getQueryData(options.queryKey) === undefined) await queryClient.prefetchQuery(options);
    }

    const stories = runningStories(await queryClient.fetchQuery(getStoriesQueryOptions()).catch(() => [] as Story[]), now.getTime());
    const urls = imageIds(open, stories)
      .map((id) => mediaUrl(id))
      .filter((url): url is string => Boolean(url));
    await warmImages(urls);
  } catch (error) {
    console.warn('[offline] the preload for the stands stopped', error);
  }
}
