/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of the whole API, built from the routes' declarations
 * (`declareRoute`) on the first request and kept for the app's life. No credential needed: it is mounted before the member group.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { buildOpenApiDocument, declareRoute, routeGroup } from '../../lib/openapi';
import type { AppEnv } from '../../lib/app-env';

/** `GET /openapi.json`. */
const documentRoute = declareRoute({
  method: 'get',
  path: '/openapi.json',
  summary: 'This OpenAPI 3.1 document of the API',
  tags: ['openapi'],
  auth: 'none',
  response: { mediaTypes: ['application/json'] },
});

/**
 * Builds the route that serves the document of `app`.
 * @param app the complete app to describe; read on the first request, when every route is registered
 */
export function openApiRoutes(app: OpenAPIHono<AppEnv>) {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  return routeGroup().openapi(documentRoute, async (c) => {
    // One build per app, shared by concurrent first requests; a failed build is retried by the next request.
    document ??= buildOpenApiDocument(app).catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    c.header('Cache-Control', 'no-cache');
    return c.json(await document);
  });
}
