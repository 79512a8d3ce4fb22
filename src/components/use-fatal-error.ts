/**
 * Fatal and unhandled app errors (spec §2 "Error page": "Fatal or unhandled app errors are routed here"; §8
 * "Fatal or unhandled app error: error page with the status code"). Errors thrown while a route renders or loads
 * reach the router's error component; this hook catches the rest: a window `error` (an exception no code caught,
 * e.g. in an event handler or a timer) and an `unhandledrejection` (a promise nobody awaited).
 *
 * A lazily loaded chunk that is gone (a deploy since the page loaded) reloads the page once instead
 * (`platform/chunk-reload.ts`).
 *
 * Not fatal, so left alone: API and network errors (spec §8 "Other API errors: logged; no user-facing message"),
 * aborted requests, and errors without an Error object (cross-origin "Script error.", ResizeObserver notices).
 * Telemetry records every one of them either way (platform/telemetry-sdk.ts).
 */
import { useSyncExternalStore } from 'react';
import { ApiError, NetworkError } from '../api/errors';
import { reloadForChunkError } from '../platform/chunk-reload';
import { describeRouteError } from './route-error';

interface FatalError {
  /** HTTP-like status shown on the error page: the error's own `status` (4xx/5xx), else 500. */
  status: number;
  error: unknown;
}

/**
 * Whether an uncaught error or rejection reason should replace the app with the error page. Pure.
 * Takes the thrown value; returns false for API/network errors, aborts and values that are not Errors.
 */
function isFatalError(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  if (reason instanceof ApiError || reason instanceof NetworkError) return false;
  return reason.name !== 'AbortError';
}

let fatal: FatalError | null = null;
const listeners = new Set<() => void>();
let watching = false;

/** Records `reason` if it is the first fatal error; a chunk gone after a deploy reloads the page instead, once. */
function raise(reason: unknown): void {
  if (fatal || !isFatalError(reason) || reloadForChunkError(reason)) return;
  console.error('[app] fatal error', reason);
  fatal = { status: describeRouteError(reason).status, error: reason };
  listeners.forEach((listener) => listener());
}

/**
 * Starts listening for uncaught errors and rejections, once; call it first thing at boot, so an error raised
 * before the first render is not lost. Takes and returns nothing.
 */
export function watchFatalErrors(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('error', (event) => raise(event.error));
  window.addEventListener('unhandledrejection', (event) => raise(event.reason));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The first fatal error since boot (with its status), or null; re-renders when one happens. */
export function useFatalError(): FatalError | null {
  watchFatalErrors();
  return useSyncExternalStore(
    subscribe,
    () => fatal,
    () => null,
  );
}
