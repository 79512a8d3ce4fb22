/**
 * Reloading once when a lazily loaded chunk is gone (decision 0076). After a deploy, a tab opened before it still runs
 * the old build; the first time it imports one of the old build's chunks that it had not loaded yet, the server (and
 * the new service worker's precache) no longer has it, and the import fails. Reloading loads the new build, whose
 * chunks exist. A failed chunk reloads the page once: the failure's message (which names the chunk's URL) is kept in
 * sessionStorage, so a chunk that is still missing after the reload shows the error page instead of reloading in a
 * loop. Sources of the failure: Vite's `vite:preloadError` window event (every dynamic import of the build goes
 * through its preload helper), the router's error page and uncaught errors (`use-fatal-error.ts`).
 */
/** How each browser's failed dynamic import begins, and Vite's failed stylesheet preload. */
const CHUNK_FAILURE_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS for',
];

/** sessionStorage key prefix: one key per failure message that already caused a reload. */
const RELOADED_KEY_PREFIX = 'podium.chunk-reload:';

/** The key prefix under which TanStack Router's `lazyRouteComponent` remembers its own reload for a failed import. */
const ROUTER_RELOADED_KEY_PREFIX = 'tanstack_router_reload:';

/**
 * Whether an error is a chunk that failed to load. Pure. Takes any thrown value; true for a dynamic import that
 * failed ("Failed to fetch dynamically imported module" in Chromium, "error loading dynamically imported module" in
 * Firefox, "Importing a module script failed" in Safari) and for a stylesheet Vite could not preload.
 */
export function isChunkLoadError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  return CHUNK_FAILURE_MESSAGES.some((start) => error.message.startsWith(start));
}

/** The part of `Storage` the reload rule uses. */
type ReloadMemory = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Whether to reload for `error`, remembering it if so. Takes the error and the session's storage (null where the
 * browser refuses it: then never, since nothing would stop a loop); returns true once per failure message, false
 * for anything that is not a chunk failure, for a failure that already reloaded the page, and without storage.
 */
export function claimChunkReload(error: unknown, memory: ReloadMemory | null): boolean {
  if (!memory || !isChunkLoadError(error)) return false;
  const key = RELOADED_KEY_PREFIX + error.message;
  try {
    if (memory.getItem(key) !== null) return false;
    memory.setItem(key, String(Date.now()));
    // The router's lazy route components reload once by themselves for such a failure, under this key: marking it
    // too keeps the page at one reload in all.
    memory.setItem(ROUTER_RELOADED_KEY_PREFIX + error.message, '1');
    return true;
  } catch {
    return false;
  }
}

let reloading = false;

/** The page's sessionStorage, or null where there is none or it may not be used. */
function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reloads the page for a chunk that failed to load, once per failure (see `claimChunkReload`). Takes any thrown
 * value; returns true when a reload is under way (this one or an earlier one), so the caller shows no error.
 */
export function reloadForChunkError(error: unknown): boolean {
  if (reloading) return true;
  if (!claimChunkReload(error, sessionStore())) return false;
  reloading = true;
  console.warn('[app] a chunk is gone (new deployment?): reloading once', error);
  window.location.reload();
  return true;
}

/**
 * Listens for Vite's `vite:preloadError` (a dynamic import or a stylesheet of the build failed to load) and reloads
 * once for it; call it first thing at boot. The import still rejects: the error page and the fatal-error handler show
 * nothing while the page reloads (`reloadForChunkError` answers true again). Takes and returns nothing.
 */
export function watchChunkLoadErrors(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('vite:preloadError', (event) => {
    reloadForChunkError((event as Event & { payload?: unknown }).payload);
  });
}
