/**
 * The web app manifest's link (served by the server from the organization's settings: name, colours, icons). It is
 * added once the first screen is painted, not written in index.html: a browser fetches a linked manifest and then
 * its install icon (a 192-pixel PNG) at once, and on a slow network those bytes shared the connection with the first
 * screen's scripts. Installing the app needs the fan's engagement anyway, so the browser's check loses nothing.
 */

/** Where the server serves the organization's manifest. */
const WEB_APP_MANIFEST_HREF = '/manifest.webmanifest';

/** Adds `<link rel="manifest">` to the document's head unless one is there. Takes nothing; returns nothing. */
export function linkWebAppManifest(): void {
  if (typeof document === 'undefined' || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_APP_MANIFEST_HREF;
  document.head.append(link);
}
