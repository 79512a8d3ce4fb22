/**
 * Names of the Cache Storage caches the page and the service worker both use (ARCHITECTURE §6; decision 0086).
 * The worker fills and answers them; the page reads them (is a file available offline?) and, for saved videos,
 * fills and empties its own on the fan's request. Versioned by purpose, not by build: entries stay valid across
 * deploys.
 */

/** PDFs a fan opened (the organization's CDN or uploads): cache first, kept by the worker's expiration. */
export const PDF_CACHE = 'podium-pdf-v1';

/**
 * Videos a fan saved for offline ("Save for offline"): written and removed only by the page, within the size
 * budget of src/rules/saved-videos.ts; the worker answers the `<video>` element's Range requests from it.
 */
export const SAVED_VIDEOS_CACHE = 'podium-videos-v1';
