/**
 * Whether a CDN file is available offline: the service worker keeps every PDF it served in its runtime cache
 * (decision 0005), so a file is available offline once `caches.match(url)` finds it. Resolves false where the Cache
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

/** File size in the member's language with the right unit (e.g. "245 kB", "1.2 MB"). */
export function formatFileSize(bytes: number, language: string): string {
  const units = [
    ['megabyte', 1_000_000],
    ['kilobyte', 1_000],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / size);
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'byte' }).format(bytes);
}
