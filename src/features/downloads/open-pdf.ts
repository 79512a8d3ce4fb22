/**
 * Opening a PDF so that it opens again without signal. A link to a file on the organization's CDN,
 * another origin, is a navigation the service worker never sees; so the page fetches the file itself, with CORS,
 * through the worker, which keeps it in its PDF cache (cache first), and shows it from a blob URL: in a new tab
 * (the browser's own viewer, or the phone's PDF app) or saved under its file name.
 */
import { PDF_CACHE } from '../../offline/offline-caches';

/** Why a PDF could not be had: no connection and not on the device, or any other failure (an error answer). */
export type PdfFailure = 'offline' | 'failed';

/** A fetched PDF, or why not. */
type PdfResult = { ok: true; blob: Blob } | { ok: false; reason: PdfFailure };

/**
 * Fetches the PDF at `url` (absolute or relative to the page) through the service worker: from its cache when it
 * was opened before, else from the network with CORS; it is in the PDF cache when this resolves, so the row can say
 * "Available offline" at once (and a first visit, before a worker controls the page, keeps it too). Never throws: a network
 * error is `offline` when `isOnline()` says the app is offline, else `failed`, like an error status.
 */
export async function fetchPdf(url: string, isOnline: () => boolean): Promise<PdfResult> {
  const href = new URL(url, window.location.href).href;
  let response: Response;
  try {
    response = await fetch(href, { mode: 'cors' });
  } catch {
    return { ok: false, reason: isOnline() ? 'failed' : 'offline' };
  }
  if (!response.ok) return { ok: false, reason: 'failed' };
  const copy = response.clone();
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    return { ok: false, reason: isOnline() ? 'failed' : 'offline' };
  }
  await keepOnDevice(href, copy);
  // The viewer picks the file's kind from the blob's type; a CDN may send a generic one.
  return { ok: true, blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }) };
}

/**
 * Makes sure the PDF answer `response` for `href` is in the worker's PDF cache once the caller goes on: the worker
 * stores what it fetched in the background, and before a worker controls the page (a first visit) nothing does.
 * Storing it again is harmless (same URL, same file). Never throws.
 */
async function keepOnDevice(href: string, response: Response): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(PDF_CACHE);
    if (!(await cache.match(href))) await cache.put(href, response);
  } catch {
    // Without room or the Cache API the PDF still opens now; it just is not kept.
  }
}

/** How long a blob URL handed to a new tab or a download stays valid, in ms: the tab has long read it by then. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Shows `blob` in a new tab (the browser's PDF viewer) and returns true, or returns false when the browser refused
 * to open one (a pop-up blocker, once the tap is a few seconds old): the caller then offers a link to tap.
 */
export function openBlobInNewTab(blob: Blob): boolean {
  const blobUrl = URL.createObjectURL(blob);
  // Not `noopener`: with it `window.open` always returns null and a blocked tab could not be told apart.
  const tab = window.open(blobUrl, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(blobUrl), BLOB_URL_LIFETIME_MS);
  return tab !== null;
}

/** Saves `blob` as a file named `fileName` (the browser's download), from a blob URL. */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const blobUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(blobUrl), BLOB_URL_LIFETIME_MS);
}
