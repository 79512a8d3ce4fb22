/**
 * Whether a CDN file is available offline: the service worker keeps every PDF it served in its runtime cache,
 * so a file is available offline once `caches.match(url)` finds it. Resolves false where the Cache
 * API is missing (or throws).
 */
export async function isCachedForOffline(url: string): Promise<boolean> {
  try {
    if (typeof caches === 'undefined') return false;
    return Boolean(await caches.match(new URL(url, window.location.href).href));
  } catch {
    return false;
  }
}
