/**
 * Route validation errors (spec §2, §8): a route whose validate check fails shows the error page with the given
 * status code and message, or 404 'Page Not Found: {full path}' by default.
 */
import { SearchParamError } from '@tanstack/react-router';

/**
 * Throw from `validateSearch`/`params.parse`/`beforeLoad` to show the error page with this status and message;
 * without a message the page says 'Page Not Found: {full path}' in the member's language.
 */
export class RouteValidationError extends Error {
  readonly status: number;
  /** The validator's own message, or undefined for the default. */
  readonly detail: string | undefined;
  constructor(status = 404, message?: string) {
    super(message ?? 'Page Not Found');
    this.name = 'RouteValidationError';
    this.status = status;
    this.detail = message;
  }
}

/** What the error page shows: the status, and either the validator's message or the default validation line. */
interface RouteErrorDescription {
  status: number;
  /** A message to show as is. */
  detail?: string;
  /** True when the page shows the translated 'Page Not Found: {full path}' (`common:errorPage.validationFailed`). */
  validationFailed?: true;
}

function fromValidationError(error: RouteValidationError): RouteErrorDescription {
  return error.detail === undefined ? { status: error.status, validationFailed: true } : { status: error.status, detail: error.detail };
}

/**
 * What the error page shows for an error. Pure. Takes the error; returns the status code and what to say: a
 * `RouteValidationError` (directly or as the cause of a router validation error) gives its own status and message
 * (the default line without one); any other search/params validation failure gives 404 and the default line; an
 * error carrying an HTTP `status` keeps it; everything else is 500.
 */
export function describeRouteError(error: unknown): RouteErrorDescription {
  const cause = error instanceof Error ? error.cause : undefined;
  if (error instanceof RouteValidationError) return fromValidationError(error);
  if (cause instanceof RouteValidationError) return fromValidationError(cause);
  const isParamsError = error instanceof Error && error.constructor.name === 'PathParamError';
  if (error instanceof SearchParamError || isParamsError) return { status: 404, validationFailed: true };
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 600) return { status };
  }
  return { status: 500 };
}

/** True for a plausible id path segment: 1 to 64 characters (ids are UUIDs or slugs; longer is never ours). */
export function isRouteId(value: string): boolean {
  return value.length >= 1 && value.length <= 64;
}

/**
 * `params` option of a route with one id segment `name`: parses it with {@link isRouteId}; anything else fails
 * validation (the error page, 404 'Page Not Found: {full path}').
 */
export function idParam<N extends string>(name: N) {
  return {
    parse: (params: Record<N, string>): Record<N, string> => {
      if (!isRouteId(params[name])) throw new RouteValidationError();
      return { [name]: params[name] } as Record<N, string>;
    },
    stringify: (params: Record<N, string>): Record<N, string> => ({ [name]: params[name] }) as Record<N, string>,
  };
}
