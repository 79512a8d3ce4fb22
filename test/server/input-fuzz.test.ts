/**
 * No input gets a 500: a property-based fuzz run (fast-check, fixed seed) sends bodies, path ids
 * and queries built from the field names of the shared zod contracts and hostile values (NUL, unpaired surrogates,
 * 5,000-level nesting, year-0 dates, huge numbers) to every API route of the app in-process. Every answer is
 * below 500, and every 4xx is `{error: {code, message}}`. The log of the run holds no e-mail, token, code or SQL
 * parameters.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../server/lib/logger';
import * as contracts from './contract-modules';
import { createTestContext, ORG_KEY, type TestContext } from './helpers';

const lines: string[] = [];
const capture = (level: string) => (message: string, meta?: Record<string, unknown>) => {
  lines.push(`${level} ${message}${meta ? ' ' + JSON.stringify(meta) : ''}`);
};
const logger: Logger = { debug: capture('DEBUG'), info: capture('INFO'), warn: capture('WARN'), error: capture('ERROR') };

let t: TestContext;
let token: string;
const memberEmail = 'fuzz-member@example.com';
beforeAll(async () => {
  t = await createTestContext({ logger, env: { LOG_LEVEL: 'debug' } });
  token = await t.signIn(memberEmail);
});
afterAll(async () => t.close());

/** Every field name the request and response contracts know, collected from the zod object schemas. */
function contractFieldNames(): string[] {
  const names = new Set<string>();
  const visit = (schema: unknown, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 6) return;
    const def = (schema as { def?: Record<string, unknown> }).def;
    if (!def) return;
    const shape = def.shape as Record<string, unknown> | undefined;
    if (shape) {
      for (const [key, child] of Object.entries(shape)) {
        names.add(key);
        visit(child, depth + 1);
      }
    }
    for (const key of ['innerType', 'in', 'out', 'element', 'valueType']) visit(def[key], depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1);
  };
  for (const module of Object.values(contracts)) for (const value of Object.values(module)) visit(value, 0);
  return [...names];
}

/** Stands for a 5,000-level object in generated values (kept small so fast-check can print a counterexample). */
const DEEP = '<5000 levels of nesting>';

/** 5,000 levels of `{"a": ...}` as JSON text (built as text: a recursive stringify would overflow here). */
const DEEP_JSON = '{"a":'.repeat(5000) + '"bottom"' + '}'.repeat(5000);

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '0000-01-01',
    '',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.uuid(),
  fc.emailAddress(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5),
  fc.integer(),
  fc.constant(DEEP),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Percent-encodes text, including unpaired surrogates (which encodeURIComponent refuses). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => (ch.length === 1 && /[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

describe('input fuzz over every API route', () => {
  it('answers every generated request below 500, with the error shape on 4xx, and logs nothing private', async () => {
    const routes = [
      ...new Map(
        t.app.routes
          .filter((r) => r.path.startsWith('/api') && r.method !== 'ALL')
          .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(20);
    const fields = contractFieldNames();
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'properties', 'data', 'occurredAt', 'before', 'email']));
    const key = fc.oneof(fc.constantFrom(...fields), hostileString);
    const caseArb = fc.record({
      route: fc.constantFrom(...routes),
      params: fc.array(fc.oneof(fc.constantFrom('\u0000', 'demo', 'marketing-emails'), hostileString), { minLength: 4, maxLength: 4 }),
      body: fc.oneof(fc.dictionary(key, hostileValue, { maxKeys: 4 }), hostileValue),
      query: fc.dictionary(key, hostileString, { maxKeys: 3 }),
      asMember: fc.boolean(),
    });
    let requests = 0;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ route, params, body, query, asMember }) => {
        let i = 0;
        const path = route.path.replace(/:[A-Za-z]+/g, () => encodeSegment(params[i++ % params.length]));
        const search = Object.entries(query)
          .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
          .join('&');
        const res = await t.request(route.method, search ? `${path}?${search}` : path, {
          token: asMember ? token : ORG_KEY,
          ...(route.method === 'GET' || route.method === 'HEAD'
            ? {}
            : { raw: JSON.stringify(body).replaceAll(JSON.stringify(DEEP), DEEP_JSON), headers: { 'content-type': 'application/json' } }),
        });
        requests++;
        if (res.status >= 500) failures.push(`${route.method} ${path} -> ${res.status}`);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body?.error?.code, `${route.method} ${path}`).toEqual(expect.any(String));
          expect(res.body?.error?.message).toEqual(expect.any(String));
        }
      }),
      { seed: 20261123, numRuns: 300, endOnFailure: true },
    );
    console.log(`input fuzz: ${requests} requests to ${routes.length} routes, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);

    const log = lines.join('\n');
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(log).not.toContain(token);
    for (const codes of t.codes.values()) for (const code of codes) expect(log).not.toContain(code);
    expect(log).not.toMatch(/params:|Failed query/);
  }, 300_000);
});

describe('the five inputs that answered 500', () => {
  it.each([
    ['NUL in firstName', 'PATCH', '/api/user/me', { firstName: 'a\u0000b' }],
    ['NUL in zipCode', 'PATCH', '/api/user/me', { zipCode: '\u0000' }],
    ['NUL in a properties key', 'PATCH', '/api/user/me', { properties: { 'k\u0000': 1 } }],
    ['lone surrogate in a properties value', 'PATCH', '/api/user/me', { properties: { k: 'x\uD800' } }],
    ['5,000 levels in properties', 'PATCH', '/api/user/me', '{"properties":' + DEEP_JSON + '}'],
    [
      'NUL in consent data',
      'PATCH',
      '/api/consent/user/marketing-emails',
      { consentId: 'marketing-emails', value: 1, data: { s: '\u0000' } },
    ],
    ['NUL in an activation id', 'GET', '/api/activations/%00', undefined],
    ['NUL in a consent id', 'PATCH', '/api/consent/user/%00', { consentId: 'marketing-emails', value: 1 }],
    ['a year-0 before', 'GET', '/api/user/me/transactions?before=0000-01-01T00:00:00Z', undefined],
  ])('%s answers 4xx with the error shape', async (_name, method, path, body) => {
    const raw = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const res = await t.request(method, path, { token, raw, headers: raw ? { 'content-type': 'application/json' } : {} });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  });
});
