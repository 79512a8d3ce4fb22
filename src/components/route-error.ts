/**
 * Route validation errors (spec §2, §8): a route whose validate check fails shows the error page with the given
 * status code and message, or 404 'Page Not Found: {full path}' by default.
 */
import { SearchParamError } from '@tanstack/react-router';

/** Throw from `validateSearch`/`params.parse`/`beforeLoad` to show the error page with this status and message. */
export class RouteValidationError extends Error {
  readonly status: number;
  constructor(status = 404, message?: string) {
    super(message ?? 'Page Not Found');
    this.name = 'RouteValidationError';
    this.status = status;
  }
}

/**
 * What the error page shows for an error. Pure. Takes the error and the current full path; returns the status
 * code and a detail line: a `RouteValidationError` (directly or as the cause of a router validation error) gives
 * its own; any other search/params validation failure gives 404 'Page Not Found: {path}'; an error carrying an
 * HTTP `status` keeps it; everything else is 500.
 */
export function describeRouteError(error: unknown, fullPath: string): { status: number; detail: string } {
  const cause = error instanceof Error ? error.cause : undefined;
  if (error instanceof RouteValidationError) return { status: error.status, detail: error.message };
  if (cause instanceof RouteValidationError) return { status: cause.status, detail: cause.message };
  const isParamsError = error instanceof Error && error.constructor.name === 'PathParamError';
  if (error instanceof SearchParamError || isParamsError) return { status: 404, detail: `Page Not Found: ${fullPath}` };
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 600) return { status, detail: '' };
  }
  return { status: 500, detail: '' };
}
