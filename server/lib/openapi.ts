/**
 * The HTTP API's routes, declared once each, and the OpenAPI 3.1 document made of the declarations (decision 0099).
 *
 * `declareRoute({...})` makes `@hono/zod-openapi`'s `createRoute` config of one route from the shared zod contracts
 * of `src/contracts/`: who may call it, its body, path and query parameters, its answers and errors. Registered with
 * `routeGroup().openapi(declaration, handler)`, the declaration validates the request before the handler runs and
 * types the handler's answers. `buildOpenApiDocument(app)` turns the declarations the app's groups carried up to it
 * into the document served at `GET /api/openapi.json`.
 */
import { OpenAPIHono, createRoute, type Hook } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { ApiErrorBodySchema, HEADER_IDEMPOTENCY_KEY, HEADER_ORG_TOKEN } from '../../src/contracts/common';
import type { AppEnv } from './app-env';
import { notFound, unauthorized, validationFailed } from './errors';
import { issueDetails } from './http';

/**
 * Who may call a route, as `server/kernel/authenticate.ts` decides it:
 * - `member`: a member's bearer (session token, or a Supabase access token in supabase mode) and `x-org-token`;
 *   a visitor's organization key is 401.
 * - `visitor-or-member`: a member's bearer or the organization's public key, and `x-org-token`.
 * - `visitor-or-member-no-org-token`: either bearer, `x-org-token` not needed: only `GET /organization/current`,
 *   the call that hands the token out.
 * - `operator`: as `member`, and the member must be one of the organization's operators (403 otherwise): the
 *   admin API.
 * - `none`: no credential (public media, browser reports, the runtime config, this document).
 */
type RouteAuth = 'member' | 'operator' | 'visitor-or-member' | 'visitor-or-member-no-org-token' | 'none';

/** The pieces of the OpenAPI 3.1 document built here, as plain JSON. */
type JsonObject = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonObject };
type Operation = JsonObject & { parameters?: Array<Parameter | { $ref: string }>; requestBody?: JsonObject; responses: JsonObject };
/** The document. */
type OpenApiDocument = JsonObject & { paths: Record<string, Record<string, Operation>> };

/** Statuses a route answers on success. */
type SuccessStatus = 200 | 201 | 202 | 204;

/** Error statuses a route may document beyond the standard ones `declareRoute` adds. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** A payload no zod contract describes because it is not JSON: raw image bytes, a browser's report, this document. */
type RawContent = {
  /** Its media types (ranges such as `image/*` allowed). */
  mediaTypes: readonly string[];
  /** The most bytes a request may send (the route's body limit), documented as the payload's `maxLength`. */
  maxBytes?: number;
};

/** One route's description, as `declareRoute` takes it with the route's method, path and middleware. */
type RouteDoc = {
  /** One line: what the route does. */
  summary: string;
  /** Rules worth knowing beyond the summary (Markdown). */
  description?: string;
  /** Groups in the document, usually the route module's area (`challenge`, `content`). */
  tags: readonly string[];
  /** Who may call it; `member` when omitted. */
  auth?: RouteAuth;
  /** Errors this route answers beyond the standard ones (or a better description of a standard one). */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Other answers, described in words only: e.g. `304` of a conditional GET, `206` of a byte range. */
  otherResponses?: Record<number, string>;
  /**
   * Whether the route runs behind the idempotency middleware, which honours `Idempotency-Key` on mutations; by
   * default when it needs a credential (the member group and the avatar routes pair the two middlewares).
   */
  idempotencyKey?: boolean;
};

/**
 * A contract as JSON Schema. Requests and answers alike use the contract's input side: the JSON on the wire is what
 * the contract accepts when it parses it (so an object that is not `.strict()` allows keys it does not list, as zod
 * does).
 */
function jsonSchemaOf(schema: z.ZodType): JsonObject {
  let json = converted.get(schema);
  if (!json) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
    json = rest;
    converted.set(schema, json);
  }
  return json;
}

/**
 * Contracts already converted: one document names the error body on every operation and an envelope on several, and
 * each is converted once. The document shares these objects (`markIntegerFormats` marks them in place, the same way
 * each time).
 */
const converted = new WeakMap<z.ZodType, JsonObject>();

/** The error body's media type object, for every error response. */
const errorContent = () => ({ 'application/json': { schema: jsonSchemaOf(ApiErrorBodySchema) } });

/** The standard error responses (`components.responses`), named after their error code. */
const STANDARD_ERRORS = {
  400: { name: 'BadRequest', description: 'BadRequest: the body is malformed JSON.' },
  401: {
    name: 'Unauthorized',
    description: `Unauthorized: no valid bearer credential, no \`${HEADER_ORG_TOKEN}\` header, or a visitor on a members-only route.`,
  },
  403: { name: 'Forbidden', description: `Forbidden: \`${HEADER_ORG_TOKEN}\` is not the caller's organization's token.` },
  415: { name: 'UnsupportedMediaType', description: 'UnsupportedMediaType: a non-empty body that is not application/json.' },
  422: { name: 'ValidationFailed', description: 'ValidationFailed: the body or query breaks the contract; `details` lists the issues.' },
} as const satisfies Partial<Record<ErrorStatus, { name: string; description: string }>>;

/** What a success status means when the route does not say. */
const DEFAULT_DESCRIPTION: Record<SuccessStatus, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** Security requirements per `RouteAuth` (alternatives; each one's schemes are all needed). */
const SECURITY: Record<RouteAuth, SecurityRequirement[]> = {
  member: [{ memberSession: [], organizationToken: [] }],
  operator: [{ memberSession: [], organizationToken: [] }],
  'visitor-or-member': [
    { memberSession: [], organizationToken: [] },
    { organizationKey: [], organizationToken: [] },
  ],
  'visitor-or-member-no-org-token': [{ memberSession: [] }, { organizationKey: [] }],
  none: [],
};

const isRaw = (value: z.ZodType | RawContent): value is RawContent => 'mediaTypes' in value;

/** The parameters `in` path or query of an object schema, required as its input shape says. */
function parametersOf(schema: z.ZodObject, location: 'path' | 'query'): Parameter[] {
  const { properties = {}, required = [] } = jsonSchemaOf(schema) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

/** The `Idempotency-Key` header parameter (`components.parameters`). */
const IDEMPOTENCY_KEY = { $ref: '#/components/parameters/IdempotencyKey' };

/** An error response described in words, with the one error body. */
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBodySchema } } });

/** A reference to a standard error response. */
const errorRef = (status: keyof typeof STANDARD_ERRORS) => ({
  $ref: `#/components/responses/${STANDARD_ERRORS[status].name}`,
});

/** A route's HTTP method, as `createRoute` names it. */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A success answer: a JSON contract (`{data}` envelope), a non-JSON body, or none. */
type Answer = z.ZodType | RawContent | null;

/** The response object of a success answer, typed so that the handler's `sendData(...)` is checked against it. */
type AnswerObject<R extends Answer> = R extends z.ZodType
  ? { description: string; content: { 'application/json': { schema: R } } }
  : R extends RawContent
    ? { description: string; content: Record<string, { schema: object }> }
    : { description: string };

/** What `declareRoute` takes: `RouteDoc` with the route's method, path, contracts and route middleware. */
type RouteDeclaration<
  M extends Method,
  P extends string,
  B extends z.ZodType | RawContent | undefined,
  Pa extends Record<string, z.ZodType> | undefined,
  Q extends z.ZodObject | undefined,
  R extends Answer,
  S extends SuccessStatus,
> = RouteDoc & {
  method: M;
  /** The path in OpenAPI's form, `/stories/{id}`. */
  path: P;
  /** The JSON body's contract (validated: 415 not JSON, 400 malformed, 422 breaks it; empty counts as `{}`). */
  body?: B;
  /** The path parameters' schemas, one per `{name}` of the path (validated: 404 NotFound when one fails). */
  params?: Pa;
  /**
   * What a malformed path parameter answers: `NotFound` (the default: a malformed id names nothing) or
   * `ValidationFailed`, for a route that takes any well-formed value (register it with the `validationFailedWith`
   * hook, which answers it).
   */
  invalidParams?: 'NotFound' | 'ValidationFailed';
  /** The query's schema (validated: 422 ValidationFailed). */
  query?: Q;
  /** The success body: the contract's `envelope(...)` schema, a non-JSON body, or null for none (204). */
  response: R;
  /** The success status, or each success status with what it means; 200 when omitted. */
  status?: S | Partial<Record<S, string>>;
  /** Middleware of this route only (rate limits, `groupCommit`), run before validation. */
  middleware?: MiddlewareHandler<AppEnv>[];
};

/** The `createRoute` config `declareRoute` makes, with the contracts' types kept for the handler. */
type DeclaredRoute<
  M extends Method,
  P extends string,
  B extends z.ZodType | RawContent | undefined,
  Pa extends Record<string, z.ZodType> | undefined,
  Q extends z.ZodObject | undefined,
  R extends Answer,
  S extends SuccessStatus,
> = {
  method: M;
  path: P;
  request: (B extends z.ZodType ? { body: { required: true; content: { 'application/json': { schema: B } } } } : object) &
    (Pa extends Record<string, z.ZodType> ? { params: z.ZodObject<Pa> } : object) &
    (Q extends z.ZodObject ? { query: Q } : object);
  responses: { [K in S]: AnswerObject<R> };
  middleware?: MiddlewareHandler<AppEnv>[];
};

/** What `declareRoute` keeps in its config for `buildOpenApiDocument` (under `x-podium`, which the library passes through). */
type PodiumExtension = { idempotencyKey: boolean; bodyOptional: boolean };

/**
 * Declares one route with `@hono/zod-openapi`'s `createRoute`: the declaration validates the request (body, path
 * parameters, query) with the contracts before the handler runs, types `c.req.valid(...)` and the handler's
 * `sendData(...)` answers, and feeds the OpenAPI document. Register it with `routeGroup().openapi(declaration,
 * handler)`.
 *
 * Adds the standard error responses that follow from the declaration, all with the one error body: 401 and 403
 * for a credential, 400, 415 and 422 for a JSON body, 422 for a query, 404 for path parameters, and `default` (any
 * other error, e.g. 413, 429, 503); a route lists its others in `errors`.
 * @returns the route config (`createRoute`'s)
 */
export function declareRoute<
  M extends Method,
  P extends string,
  B extends z.ZodType | RawContent | undefined = undefined,
  Pa extends Record<string, z.ZodType> | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  R extends Answer = null,
  S extends SuccessStatus = 200,
>(declaration: RouteDeclaration<M, P, B, Pa, Q, R, S>): DeclaredRoute<M, P, B, Pa, Q, R, S> {
  const auth = declaration.auth ?? 'member';
  const { body, response } = declaration;
  const statuses: Partial<Record<SuccessStatus, string>> =
    typeof declaration.status === 'object'
      ? declaration.status
      : { [declaration.status ?? 200]: DEFAULT_DESCRIPTION[declaration.status ?? 200] };

  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(statuses)) {
    responses[status] =
      response === null
        ? { description }
        : isRaw(response)
          ? { description, content: rawContent(response) }
          : { description, content: { 'application/json': { schema: response } } };
  }
  for (const [status, description] of Object.entries(declaration.otherResponses ?? {})) responses[status] = { description };
  const jsonBody = body !== undefined && !isRaw(body);
  if (auth !== 'none') Object.assign(responses, { 401: errorRef(401), 403: errorRef(403) });
  if (auth === 'operator') {
    responses[403] = errorResponse(`Forbidden: not an operator, or \`${HEADER_ORG_TOKEN}\` is not the organization's token.`);
  }
  if (jsonBody) Object.assign(responses, { 400: errorRef(400), 415: errorRef(415), 422: errorRef(422) });
  if (declaration.query) responses[422] = errorRef(422);
  if (declaration.params && declaration.invalidParams !== 'ValidationFailed')
    responses[404] ??= errorResponse('NotFound: no such resource.');
  for (const [status, description] of Object.entries(declaration.errors ?? {})) responses[status] = errorResponse(description);
  responses.default = { $ref: '#/components/responses/Error' };

  const podium: PodiumExtension = {
    idempotencyKey: declaration.idempotencyKey ?? auth !== 'none',
    // An empty body counts as `{}`: a body whose contract accepts `{}` may be left out.
    bodyOptional: jsonBody && (body as z.ZodType).safeParse({}).success,
  };
  return createRoute({
    method: declaration.method,
    path: declaration.path,
    summary: declaration.summary,
    ...(declaration.description !== undefined ? { description: declaration.description } : {}),
    tags: [...declaration.tags],
    security: SECURITY[auth],
    request: {
      ...(body !== undefined
        ? {
            body: isRaw(body)
              ? { required: true, content: rawContent(body) }
              : // Required for the validator, so that an empty body is validated as `{}` (defaults applied); the
                // document says whether it may be left out (`bodyOptional`).
                { required: true, content: { 'application/json': { schema: body } } },
          }
        : {}),
      ...(declaration.params ? { params: z.object(declaration.params) } : {}),
      ...(declaration.query ? { query: declaration.query } : {}),
    },
    responses: responses as never,
    // The route's own middleware first: a route outside the member group authenticates and limits its body there.
    middleware: [
      ...(declaration.middleware ?? []),
      ...(auth === 'member' || auth === 'operator' ? [membersOnly] : []),
      ...(jsonBody ? [emptyBodyAsObject] : []),
    ],
    'x-podium': podium,
  } as never) as never;
}

/** Media type objects of a non-JSON payload: any bytes, at most `maxBytes` when it is given. */
const rawContent = (payload: RawContent) =>
  Object.fromEntries(
    payload.mediaTypes.map((type) => [
      type,
      { schema: payload.maxBytes === undefined ? {} : { type: 'string', format: 'binary', maxLength: payload.maxBytes } },
    ]),
  );

/** UTF-8 as `Request.text()` decodes it (malformed bytes replaced, a leading BOM dropped). */
const utf8 = new TextDecoder();

/** Hono's body cache, which holds the promises of the reads it has made (its type names the values). */
type BodyPromises = { text?: Promise<string> };

/**
 * Route middleware of a declared JSON body: an empty (or blank) body counts as `{}`, so `POST /checkin` needs none
 * and a client that sends `Content-Type: application/json` with nothing after it is answered as with `{}`. The body
 * is read as bytes, which the Idempotency-Key middleware has already read and Hono keeps, and decoded once here: the
 * validator's `c.req.json()` parses this text (Hono's public `bodyCache`) instead of rebuilding it through a
 * `Response`.
 */
const emptyBodyAsObject: MiddlewareHandler<AppEnv> = async (c, next) => {
  const text = utf8.decode(await c.req.arrayBuffer());
  (c.req.bodyCache as BodyPromises).text = Promise.resolve(text.trim() === '' ? '{}' : text);
  await next();
};

/**
 * Route middleware of a members' route, before validation: a visitor (the organization key) is told to sign in
 * (401) whatever it sent, as the handler's own check would.
 * @throws ApiError 401 Unauthorized for a visitor
 */
const membersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('principal')?.kind !== 'user') throw unauthorized('Sign in to continue');
  await next();
};

/**
 * What a failed validation of a declared route answers: 404 NotFound for a path parameter (a malformed id names
 * nothing), 422 ValidationFailed with the issues as `details` for the body or query.
 * @throws ApiError always, on a failure; returns nothing on success
 */
const contractHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound('Not found');
  throw validationFailed(result.target === 'json' ? 'Invalid request body' : 'Invalid request', issueDetails(result.error));
};

/**
 * The validation hook of a route whose invalid requests, path parameters included, all answer 422 ValidationFailed
 * with `message` (instead of the group's 404 for a path parameter): pass it as `openapi(declaration, handler, hook)`.
 * @throws ApiError 422 ValidationFailed with the issues as `details`, on a failure
 */
export function validationFailedWith(message: string) {
  return <T>(result: Parameters<Hook<T, AppEnv, string, undefined>>[0]): undefined => {
    if (!result.success) throw validationFailed(message, issueDetails(result.error));
    return undefined;
  };
}

/**
 * A group of routes declared with `declareRoute` (an `OpenAPIHono`): invalid requests throw the API's errors, and
 * the group's declarations reach the document of the app it is mounted in.
 */
export function routeGroup() {
  return new OpenAPIHono<AppEnv>({ defaultHook: contractHook });
}

const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);

/** A declaration as the registry keeps it: `declareRoute`'s config, its path prefixed with where it is mounted. */
type RegisteredRoute = {
  method: Method;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  security: SecurityRequirement[];
  request?: { body?: { content: MediaTypes }; params?: z.ZodObject; query?: z.ZodObject };
  responses: Record<string, { $ref: string } | { description: string; content?: MediaTypes }>;
  'x-podium': PodiumExtension;
};

/** Media type objects whose schema is a zod contract or already JSON Schema (a raw payload's). */
type MediaTypes = Record<string, { schema: z.ZodType | JsonObject }>;

/** `content` with its zod contracts as JSON Schema. */
function contentOf(content: MediaTypes): JsonObject {
  return Object.fromEntries(
    Object.entries(content).map(([type, { schema }]) => [
      type,
      // A raw payload of any bytes and size says nothing about its schema.
      schema instanceof z.ZodType ? { schema: jsonSchemaOf(schema) } : Object.keys(schema).length > 0 ? { schema } : {},
    ]),
  );
}

/** The document's operation of one declaration. */
function operationOf(route: RegisteredRoute): Operation {
  const { request, 'x-podium': podium } = route;
  const parameters = [
    ...(request?.params ? parametersOf(request.params, 'path') : []),
    ...(request?.query ? parametersOf(request.query, 'query') : []),
    // The idempotency middleware ignores the key on reads: a GET behind it does not offer one.
    ...(podium.idempotencyKey && MUTATIONS.has(route.method) ? [IDEMPOTENCY_KEY] : []),
  ];
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, response]) => [
      status,
      '$ref' in response
        ? response
        : { description: response.description, ...(response.content ? { content: contentOf(response.content) } : {}) },
    ]),
  );
  return {
    summary: route.summary,
    ...(route.description !== undefined ? { description: route.description } : {}),
    tags: route.tags,
    operationId: operationId(route.method, route.path),
    security: route.security,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(request?.body ? { requestBody: { required: !podium.bodyOptional, content: contentOf(request.body.content) } } : {}),
    responses,
  };
}

/**
 * Builds the OpenAPI 3.1 document of every route declared in `app` (the groups mounted with `route()` carry their
 * declarations up to it; the SPA's files and the demo CDN are not API and declare none). Call it once the app is
 * complete, e.g. on the first request. The contracts are converted by zod's own `z.toJSONSchema`.
 * @returns the document (`openapi: 3.1.0`, title "Podium API", the version of package.json, server `/`)
 * @throws when a contract cannot be converted to JSON Schema (a programming error)
 */
export async function buildOpenApiDocument(app: OpenAPIHono<AppEnv>): Promise<OpenApiDocument> {
  const paths: OpenApiDocument['paths'] = {};
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route as unknown as RegisteredRoute;
    (paths[route.path] ??= {})[route.method] = operationOf(route);
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Podium API',
      version: packageJson.version,
      description:
        'The HTTP API of Podium. Every success is `{data}`, every error `{error: {code, message, details?}}`. ' +
        'Texts follow `Accept-Language` (en, fr).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        memberSession: {
          type: 'http',
          scheme: 'bearer',
          description: "A member's session token from `POST /api/session` (or a Supabase access token in supabase mode).",
        },
        organizationKey: {
          type: 'http',
          scheme: 'bearer',
          description: "The organization's public key (`organizationKey` of `/config.json`): a visitor.",
        },
        organizationToken: {
          type: 'apiKey',
          in: 'header',
          name: HEADER_ORG_TOKEN,
          description: 'The `token` of `GET /api/organization/current`, sent on every later call.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: HEADER_IDEMPOTENCY_KEY,
          in: 'header',
          required: false,
          description:
            'A client-made key (1-255 visible ASCII characters): a retry with the same key answers the first response ' +
            'without applying the change twice; 409 IdempotencyKeyInFlight while the first is running, 422 ' +
            'IdempotencyKeyReused for the same key with another method, path or body.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]{1,255}$' },
        },
      },
      responses: {
        ...Object.fromEntries(
          Object.values(STANDARD_ERRORS).map(({ name, description }) => [name, { description, content: errorContent() }]),
        ),
        Error: { description: 'Any other error, e.g. 413, 429 (with Retry-After), 503 (with Retry-After).', content: errorContent() },
      },
    },
  };
  markIntegerFormats(document);
  return document;
}

/**
 * An operation's id from its method and path, in camel case: `get /api/media/{id}` is
 * `getApiMediaById`.
 */
function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const word = (param ? `by-${param[1]}` : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) =>
        (c ?? '').toUpperCase(),
      );
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return method + words.join('');
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const INT64 = { min: -(2 ** 63), max: 2 ** 63 - 1 };

/**
 * Gives every bounded integer schema of the document its OpenAPI `format`, read off its bounds: `int32` when
 * `minimum`..`maximum` fit in 32 bits (the database's `integer` columns), `int64` when they fit in 64. zod states the
 * bounds but has no integer formats, and a client generator needs the format to pick a type. Changes `document` in
 * place; unbounded integers are left as they are.
 */
function markIntegerFormats(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) markIntegerFormats(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const schema = value as Record<string, unknown>;
  if (
    schema.type === 'integer' &&
    schema.format === undefined &&
    typeof schema.minimum === 'number' &&
    typeof schema.maximum === 'number'
  ) {
    const within = (range: typeof INT32) => (schema.minimum as number) >= range.min && (schema.maximum as number) <= range.max;
    if (within(INT32)) schema.format = 'int32';
    else if (within(INT64)) schema.format = 'int64';
  }
  for (const child of Object.values(schema)) markIntegerFormats(child);
}
