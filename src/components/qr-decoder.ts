/**
 * Which QR decoder this browser uses: its own `BarcodeDetector` where it reads QR codes (Chrome on Android, Safari
 * 17+ on macOS), else the `jsqr` library. The library is a chunk of its own, left out of the service worker's
 * precache (scripts/lib/optional-chunks.ts) because most phones never need it; during a live venue event the
 * preload for the stands fetches it on the phones that do, so the scanner reads codes with no signal.
 */

/** The part of the `BarcodeDetector` API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/** The browser's QR detector, or null when it has none that reads QR codes. Never rejects. */
export async function browserQrDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
}

/** Loads the `jsqr` decoder's chunk; resolves with its decode function. Rejects when the chunk cannot be fetched. */
export async function loadQrLibrary() {
  return (await import('jsqr')).default;
}

/**
 * Puts the decoder this browser needs on the device: nothing where the browser reads QR codes itself, else the
 * `jsqr` chunk (kept by the service worker's cache for hashed assets). Resolves when done; rejects when the fetch
 * fails.
 */
export async function preloadQrDecoder(): Promise<void> {
  if (!(await browserQrDetector())) await loadQrLibrary();
}
