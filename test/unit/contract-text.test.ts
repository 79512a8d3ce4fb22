/**
 * Every free-text field a request can carry refuses what PostgreSQL cannot store (NUL, an unpaired UTF-16
 * surrogate), so such input is a 422 and never reaches the database. The test walks every request contract of
 * `src/contracts/` (bodies and queries, fan and admin) down to its text-accepting leaves: a plain string, a record's
 * keys, a transform-and-check pipe taken whole. A new request contract with a bare `z.string()` fails here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

const CONTRACTS = join(import.meta.dirname, '../../src/contracts');

/** Request contracts by name: bodies, patches, queries, and the few named after their route. */
const isRequestContract = (name: string) =>
  /(Input|Patch|Query|Create|Update|Submission|Identify|Settings|Fields|Change)Schema$/.test(name) ||
  [
    'ActivateUserSchema',
    'SetAvatarSchema',
    'ContentDocumentSchema',
    'OtpRequestSchema',
    'CarsPageSchema',
    'AccountDeletionSchema',
    'ContentAwardBodySchema',
  ].includes(name);

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;

/** The text-accepting leaves of `schema` with their paths. */
function textLeaves(schema: unknown, path: string, out: Array<[string, z.ZodType]>, seen = new Set<unknown>()) {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (def.type === 'string' || (def.type === 'pipe' && defOf(def.in)?.type !== 'object')) {
    out.push([path, schema as z.ZodType]);
    return;
  }
  if (def.type === 'record') textLeaves(def.keyType, `${path}.<key>`, out, seen);
  if (def.shape) for (const [key, child] of Object.entries(def.shape)) textLeaves(child, `${path}.${key}`, out, seen);
  for (const key of ['innerType', 'in', 'element', 'valueType', 'left', 'right']) textLeaves(def[key], path, out, seen);
  if (Array.isArray(def.options)) for (const option of def.options) textLeaves(option, path, out, seen);
}

async function requestContracts(): Promise<Array<[string, unknown]>> {
  const found: Array<[string, unknown]> = [];
  for (const dir of ['', 'admin']) {
    for (const file of readdirSync(join(CONTRACTS, dir))
      .filter((f) => f.endsWith('.ts'))
      .sort()) {
      const module = (await import(join(CONTRACTS, dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) if (isRequestContract(name) && defOf(value)) found.push([name, value]);
    }
  }
  return found;
}

describe('request contracts refuse text PostgreSQL cannot store', () => {
  it('every text field of every request contract refuses NUL and a lone surrogate', async () => {
    const contracts = await requestContracts();
    expect(contracts.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'AdjustmentInputSchema',
        'SuspensionInputSchema',
        'PushNotificationInputSchema',
        'UserUpdateSchema',
        'ArticleInputSchema',
      ]),
    );
    const accepting: string[] = [];
    let leaves = 0;
    for (const [name, schema] of contracts) {
      const found: Array<[string, z.ZodType]> = [];
      textLeaves(schema, name, found);
      leaves += found.length;
      for (const [path, leaf] of found) {
        for (const hostile of ['a\u0000b', 'x\uD800y', '\uDC00']) {
          if (leaf.safeParse(hostile).success) accepting.push(`${path} accepts ${JSON.stringify(hostile)}`);
        }
      }
    }
    expect(leaves).toBeGreaterThan(100);
    expect(accepting).toEqual([]);
  });
});
