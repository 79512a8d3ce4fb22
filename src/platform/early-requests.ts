/**
 * The requests index.html starts with the page, before the app's scripts are even parsed: `/config.json` (its own
 * inline script) and the organization (the build's early-requests script, scripts/lib/early-requests.ts; decision
 * 0107). Each is a promise on `window`, taken once by the code that would otherwise make the request.
 */

/** The `window` properties that hold them. */
type EarlyRequestName = '__podiumConfig' | '__podiumOrganization';

/**
 * Takes the early request `name` off `window`: its promise, or null when there is none (tests, a second call, a
 * retry after a failed boot). Takes the property's name; returns the promise as index.html made it.
 */
export function takeEarlyRequest<T>(name: EarlyRequestName): Promise<T> | null {
  const holder = globalThis as Partial<Record<EarlyRequestName, Promise<T>>>;
  const early = holder[name] ?? null;
  delete holder[name];
  return early;
}
