/**
 * Access to `localStorage` that never throws: it is missing outside a page (tests in Node, workers) and reading
 * the property throws where the browser refuses storage (blocked site data, some private modes). Callers treat
 * null as "nothing stored".
 */

/** Returns the page's `localStorage`, or null where there is none or it may not be used. */
export function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
