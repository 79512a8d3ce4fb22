/**
 * Videos saved for offline: "Save for offline" downloads the whole file into the Cache Storage
 * cache `SAVED_VIDEOS_CACHE`, from which the service worker answers the `<video>` element's Range requests, so a
 * replay plays with no signal. Within the budget of src/rules/saved-videos.ts; "Remove from device" deletes it.
 * Videos on the organization's CDN (another origin) are fetched with CORS, so their bytes can be read and stored.
 * Each stored answer carries its `Content-Length`, which is how the saved total is counted without reading bodies.
 */
import { SAVED_VIDEOS_CACHE } from '../../offline/offline-caches';
import { saveVideoVerdict, type SaveVideoVerdict } from '../../rules/saved-videos';

/** Why a video was not saved: a budget verdict, no connection, the browser cannot store it, or anything else. */
export type SaveVideoFailure = Exclude<SaveVideoVerdict, 'ok'> | 'offline' | 'unsupported' | 'failed' | 'cancelled';

/** The outcome of `saveVideo`. */
type SaveVideoResult = { ok: true; sizeBytes: number } | { ok: false; reason: SaveVideoFailure };

/** True where the page can keep videos (the Cache API and a service worker to play them back). */
export function canSaveVideos(): boolean {
  return typeof caches !== 'undefined' && 'serviceWorker' in navigator;
}

/** The cache key of a video URL: the absolute URL the `<video>` element asks the worker for. */
const keyOf = (url: string) => new URL(url, window.location.href).href;

/** Bytes of one stored answer, from the `Content-Length` it was stored with (0 when missing). */
const storedBytes = (response: Response | undefined) => Number(response?.headers.get('content-length') ?? 0) || 0;

/** Size in bytes of the saved copy of the video at `url`, or null when it is not saved. Never throws. */
export async function savedVideoSize(url: string): Promise<number | null> {
  if (!canSaveVideos()) return null;
  try {
    const response = await (await caches.open(SAVED_VIDEOS_CACHE)).match(keyOf(url));
    return response ? storedBytes(response) : null;
  } catch {
    return null;
  }
}

/** Total bytes of all saved videos. */
async function savedTotalBytes(cache: Cache): Promise<number> {
  let total = 0;
  for (const request of await cache.keys()) total += storedBytes(await cache.match(request));
  return total;
}

/** Bytes the browser says the app may still store, or null when it does not say. */
async function freeBytes(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate?.quota !== undefined && estimate.usage !== undefined ? Math.max(0, estimate.quota - estimate.usage) : null;
  } catch {
    return null;
  }
}

/**
 * Downloads the video at `url` and keeps it on the device. Takes the URL, `onProgress(received, total)` in bytes
 * (total null when the server does not say), `isOnline()` to tell a lost connection from another failure, and an
 * abort signal. The budget is checked before the body is read (from `Content-Length`) and again while it streams in
 * when the server gives no length. Asks the browser to keep the app's storage (`navigator.storage.persist()`), so
 * it is not cleared under storage pressure, once a video is saved. Never throws.
 */
export async function saveVideo(
  url: string,
  options: { onProgress: (received: number, total: number | null) => void; isOnline: () => boolean; signal: AbortSignal },
): Promise<SaveVideoResult> {
  if (!canSaveVideos()) return { ok: false, reason: 'unsupported' };
  const key = keyOf(url);
  const lost = (): SaveVideoResult => ({
    ok: false,
    reason: options.signal.aborted ? 'cancelled' : options.isOnline() ? 'failed' : 'offline',
  });
  try {
    const cache = await caches.open(SAVED_VIDEOS_CACHE);
    const savedBytes = (await savedTotalBytes(cache)) - storedBytes(await cache.match(key));
    const free = await freeBytes();
    let response: Response;
    try {
      response = await fetch(key, { mode: 'cors', signal: options.signal });
    } catch {
      return lost();
    }
    if (response.status !== 200 || !response.body) return { ok: false, reason: 'failed' };
    const announced = Number(response.headers.get('content-length')) || null;
    const verdict = (sizeBytes: number) => saveVideoVerdict({ sizeBytes, savedBytes, freeBytes: free });
    if (announced !== null && verdict(announced) !== 'ok') {
      await response.body.cancel();
      return { ok: false, reason: verdict(announced) as SaveVideoFailure };
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    options.onProgress(0, announced);
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        return lost();
      }
      if (chunk.done) break;
      chunks.push(chunk.value);
      received += chunk.value.byteLength;
      if (verdict(received) !== 'ok') {
        await reader.cancel();
        return { ok: false, reason: verdict(received) as SaveVideoFailure };
      }
      options.onProgress(received, announced);
    }
    const type = response.headers.get('content-type') ?? 'video/mp4';
    const body = new Blob(chunks as BlobPart[], { type });
    await cache.put(key, new Response(body, { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(body.size) } }));
    if (navigator.storage?.persist && !(await navigator.storage.persisted?.())) await navigator.storage.persist().catch(() => false);
    return { ok: true, sizeBytes: body.size };
  } catch (error) {
    // Cache.put rejects with QuotaExceededError when the device is full.
    if (error instanceof DOMException && error.name === 'QuotaExceededError') return { ok: false, reason: 'noSpace' };
    return lost();
  }
}

/** Removes the saved copy of the video at `url` (no-op when it is not saved); resolves once it is gone. */
export async function removeSavedVideo(url: string): Promise<void> {
  if (!canSaveVideos()) return;
  await (await caches.open(SAVED_VIDEOS_CACHE)).delete(keyOf(url));
}
