/**
 * The OpenAPI document: served without a credential at
 * `GET /api/openapi.json`, OpenAPI 3.1, and complete: every API route registered on the real app is in it,
 * described with the shared contracts' schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChallengeSchema, ChallengeSubmissionSchema } from '../../src/contracts/challenge';
import { ApiErrorBodySchema } from '../../src/contracts/common';
import { RuntimeConfigSchema } from '../../src/contracts/config';
import packageJson from '../../package.json' with { type: 'json' };
import { createTestContext, type TestContext, type TestResponse } from './helpers';

/** The parts of JSON Schema and OpenAPI this test reads. */
type Schema = { properties?: Record<string, Schema>; anyOf?: Schema[]; $ref?: string };
type Content = Record<string, { schema?: Schema }>;
type Parameter = { name?: string; in?: string; required?: boolean; $ref?: string };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Content };
  responses: Record<string, { $ref?: string; description?: string; content?: Content }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Content }> };
};

let t: TestContext;
let response: TestResponse<OpenApiDocument>;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestContext();
  // No bearer, no x-org-token: the document is public.
  response = await t.request<OpenApiDocument>('GET', '/api/openapi.json', { token: null, orgToken: null });
  document = response.body;
});
afterAll(async () => t.close());

/** Every API route registered on the app, as `METHOD /path/{param}`; `use` middleware (method ALL) left out. */
function apiRoutes(app: TestContext['app']): string[] {
  const routes = app.routes
    .filter((route) => route.method !== 'ALL' && (route.path === '/api' || route.path.startsWith('/api/')))
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

/** The operation `METHOD path` of the document. */
function operation(method: string, path: string): Operation {
  const found = document.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

/** The JSON schema of `content`. */
const jsonSchema = (content: Content | undefined): Schema => content?.['application/json']?.schema ?? {};

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document of the Podium API without any credential', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Podium API', version: packageJson.version });
    expect(document.servers).toEqual([{ url: '/' }]);
  });

  it('documents every API route registered on the app', () => {
    const routes = apiRoutes(t.app);
    // The walk really sees the app's routes, fan and public ones alike.
    expect(routes).toEqual(expect.arrayContaining(['GET /api/openapi.json', 'POST /api/challenge/{id}', 'GET /api/media/{id}']));
    const missing = routes.filter((route) => {
      const [method, path] = route.split(' ');
      return !document.paths[path]?.[method.toLowerCase()];
    });
    expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
  });

  it('declares each path parameter of a path, and no other', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), `${method.toUpperCase()} ${path}`).toEqual(names);
      }
    }
  });

  it('describes the challenge submission body and the challenge answer with their contracts', () => {
    const submit = operation('POST', '/api/challenge/{id}');
    expect(submit.requestBody?.required).toBe(true);
    const variants = jsonSchema(submit.requestBody?.content).anyOf ?? [];
    expect(variants.flatMap((v) => Object.keys(v.properties ?? {}))).toEqual(
      ChallengeSubmissionSchema.options.flatMap((option) => Object.keys(option.shape)),
    );
    expect(submit.responses['422'].description).toMatch(/^ChallengeSubmission: /);
    expect(Object.keys(jsonSchema(submit.responses['422'].content).properties ?? {})).toEqual(['error']);

    const challenge = jsonSchema(operation('GET', '/api/challenge/{id}').responses['200'].content);
    expect(Object.keys(challenge.properties?.data?.properties ?? {}).sort()).toEqual(Object.keys(ChallengeSchema.shape).sort());
  });

  it('gives errors the one error body of the API', () => {
    expect(operation('POST', '/api/session/otp').responses['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    const error = jsonSchema(document.components.responses.ValidationFailed.content);
    expect(Object.keys(error.properties?.error?.properties ?? {}).sort()).toEqual(Object.keys(ApiErrorBodySchema.shape.error.shape).sort());
  });

  it('says a check-in body may be left out and that a check-in answers 201 or 200', () => {
    const checkin = operation('POST', '/api/checkin');
    expect(checkin.requestBody?.required).toBe(false);
    expect(Object.keys(checkin.responses)).toEqual(expect.arrayContaining(['200', '201']));
  });

  it('documents /config.json with the runtime config contract', () => {
    const config = jsonSchema(operation('GET', '/config.json').responses['200'].content);
    expect(Object.keys(config.properties ?? {}).sort()).toEqual(Object.keys(RuntimeConfigSchema.shape).sort());
  });

  it('states who may call a route, as the authenticate middleware decides', () => {
    expect(operation('GET', '/api/media/{id}').security).toEqual([]);
    expect(operation('GET', '/api/user/me').security).toEqual([{ memberSession: [], organizationToken: [] }]);
    expect(operation('GET', '/api/challenge').security).toEqual([
      { memberSession: [], organizationToken: [] },
      { organizationKey: [], organizationToken: [] },
    ]);
    // The one call made before the client knows the organization token.
    expect(operation('GET', '/api/organization/current').security).toEqual([{ memberSession: [] }, { organizationKey: [] }]);
  });

  it('offers Idempotency-Key on the mutations behind the idempotency middleware only', () => {
    const idempotencyKey = { $ref: '#/components/parameters/IdempotencyKey' };
    expect(operation('POST', '/api/checkin').parameters).toContainEqual(idempotencyKey);
    expect(operation('POST', '/api/media').parameters).toContainEqual(idempotencyKey);
    expect(operation('GET', '/api/checkin').parameters ?? []).not.toContainEqual(idempotencyKey);
    expect(operation('POST', '/api/csp-report').parameters ?? []).not.toContainEqual(idempotencyKey);
    expect(operation('POST', '/api/admin/import').parameters ?? []).not.toContainEqual(idempotencyKey);
  });
});
