/**
 * The name the running app goes by: the organization's short name once it is known, "Podium" before. Window titles
 * ("{screen} · {name}") and the home-screen name iOS reads (`apple-mobile-web-app-title`) use it, so an installed
 * app says the club's name, not the product's.
 * Exports `setAppName(name)` (called when the organization is applied) and `appName()`.
 */

/** The product's name, shown until the organization is known. */
const PRODUCT_NAME = 'Podium';
let current = PRODUCT_NAME;

/** The app's current name (the organization's short name, or "Podium" before it is known). */
export function appName(): string {
  return current;
}

/**
 * Sets the app's name (blank keeps the product's) and rewrites the window title's suffix and the home-screen title
 * meta at once. Takes the organization's short name; returns nothing.
 */
export function setAppName(name: string): void {
  const previous = current;
  current = name.trim() || PRODUCT_NAME;
  if (typeof document === 'undefined') return;
  document.querySelector('meta[name="apple-mobile-web-app-title"]')?.setAttribute('content', current);
  const suffix = ` · ${previous}`;
  if (document.title.endsWith(suffix)) document.title = `${document.title.slice(0, -suffix.length)} · ${current}`;
  else if (document.title === previous) document.title = current;
}
