/**
 * `<QrScanner>`: reads a QR code from the camera (the fan's venue check-in, the console's member card check). It
 * uses the browser's `BarcodeDetector` where it exists and supports QR codes, else the `jsqr` decoder, imported only
 * when this component needs it (a chunk of its own, never in the first load nor in the precache: `qr-decoder.ts`).
 * Calls `onText` with each code's text until it answers true (the code was the one looked for: scanning stops) or
 * the component unmounts; `onUnavailable` when there is no camera or the fan refuses it. The video is labelled for
 * screen readers; typing the code is the keyboard's way in.
 */
import { useEffect, useRef } from 'react';
import { browserQrDetector, loadQrLibrary } from './qr-decoder';

/** A function that finds a QR code's text in the current video frame, or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The browser's detector when it reads QR codes, else `jsqr` over a canvas copy of the frame. */
async function frameReader(): Promise<FrameReader> {
  const detector = await browserQrDetector();
  if (detector) return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  const jsQR = await loadQrLibrary();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

interface QrScannerProps {
  /** The video's accessible name (translated). */
  label: string;
  /** Returns true when the text was the one looked for (scanning stops), false to keep scanning. */
  onText: (text: string) => boolean;
  onUnavailable: () => void;
  /** The video's class (its size is the screen's choice). */
  className?: string;
}

/** Renders the camera preview and scans it frame by frame. */
export function QrScanner({ label, onText, onUnavailable, className }: QrScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onText, onUnavailable });
  useEffect(() => {
    callbacks.current = { onText, onUnavailable };
  }, [onText, onUnavailable]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let frame = 0;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const read = await frameReader();
        const tick = async () => {
          if (stopped) return;
          const text = await read(video).catch(() => null);
          if (text && !stopped && callbacks.current.onText(text)) {
            stopped = true;
            return;
          }
          frame = requestAnimationFrame(() => void tick());
        };
        void tick();
      } catch {
        if (!stopped) callbacks.current.onUnavailable();
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return <video ref={videoRef} className={className} aria-label={label} muted playsInline />;
}
