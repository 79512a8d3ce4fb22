/**
 * A stopgap for the few admin routes whose declaration the shared OpenAPI builder (`server/lib/openapi.ts`) cannot
 * yet describe within the API's rules (`test/server/openapi-spectral.test.ts`: every integer and string a client
 * sends is bounded and formatted):
 * - a nullable integer of a request body loses its `format` (the declarations' generator writes
 *   `type: ['integer', 'null']`, and `markIntegerFormats` reads only `type: 'integer'`): the bodies of the content
 *   resources (a challenge's `correctIndex`, a sweepstake's `maxEntriesPerUser`, a reward's `stock` and
 *   `limitPerMember`) and of the organization's settings (`pointsExpireAfterDays`);
 * - a raw body (the media upload's form) is described as a binary string without a `maxLength`.
 * Such a route stays declared: its declaration validates the request and types the handler's answers. It is only
 * hidden from the declarations' part of the document, and `documented` describes it there as it did before the
 * declarations. Remove this module once the shared builder handles both cases.
 */
import type { MiddlewareHandler } from 'hono';
import { documented } from '../../lib/openapi';
import type { AppEnv } from '../../lib/app-env';

/** What `documented` takes: the description a declaration is made from (without method, path and middleware). */
export type RouteDoc = Parameters<typeof documented>[0];

/**
 * The declared route `route`, described in the document by `documented(doc)` instead of by its declaration.
 * @param route what `declareRoute` made of `doc`
 * @param doc the same description (declare the route with `declareRoute({ method, path, ...doc })`)
 * @returns the declaration, hidden from the declarations' document, with `documented(doc)` first among its middleware
 */
export function describedAsBefore<R extends { middleware?: MiddlewareHandler<AppEnv>[] }>(route: R, doc: RouteDoc) {
  return { ...route, hide: true as const, middleware: [documented(doc), ...(route.middleware ?? [])] };
}
