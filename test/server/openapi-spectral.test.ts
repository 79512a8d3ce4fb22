/**
 * The served OpenAPI document against Spectral's `spectral:oas` rules and the OWASP API Security Top 10 (2023) ruleset
 * (`.spectral.yaml`): no error from `spectral:oas`, and no error about what a client may send (request bodies and
 * parameters: every string, array and integer a client sends is bounded, the integers to the database's 32 bits).
 * Errors about answers (e.g. rate-limit headers on every response) are reported by `npx spectral lint`, not failed on.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/** One finding of `spectral lint --format json`; severity 0 is an error. */
type Finding = { code: string; message: string; path: string[]; severity: number };

let t: TestContext;
let directory: string;
let findings: Finding[];
beforeAll(async () => {
  t = await createTestContext();
  const document = await t.request('GET', '/api/openapi.json', { token: null, orgToken: null });
  expect(document.status).toBe(200);
  directory = await mkdtemp(join(tmpdir(), 'podium-spectral-'));
  const documentFile = join(directory, 'openapi.json');
  const resultsFile = join(directory, 'results.json');
  await writeFile(documentFile, document.text);
  // Exit code 1 means "errors found"; the findings file is read either way, and anything else is a broken run.
  await promisify(execFile)('npx', [
    'spectral',
    'lint',
    documentFile,
    '--ruleset',
    '.spectral.yaml',
    '--format',
    'json',
    '--output',
    resultsFile,
    '--quiet',
  ]).catch((error: { code?: number }) => {
    if (error.code !== 1) throw error;
  });
  findings = JSON.parse(await readFile(resultsFile, 'utf8')) as Finding[];
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(directory, { recursive: true, force: true });
});

const ERROR = 0;
/** Where a finding points, readable in a failure message. */
const where = (finding: Finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`;
/** True when the finding is about what a client sends: a request body or a parameter (path, query, header). */
const aboutRequest = (finding: Finding) =>
  finding.path.includes('requestBody') ||
  finding.path.includes('parameters') ||
  (finding.path[0] === 'components' && finding.path[1] === 'parameters');

describe('Spectral on GET /api/openapi.json', () => {
  it('ran its rulesets over the document', () => {
    // The OWASP ruleset always has something to say about answers; no finding at all would mean it did not run.
    expect(findings.some((finding) => finding.code.startsWith('owasp:'))).toBe(true);
  });

  it('finds no error about a request body or parameter', () => {
    expect(findings.filter((finding) => finding.severity === ERROR && aboutRequest(finding)).map(where)).toEqual([]);
  });

  it('finds no error of the OpenAPI rules (spectral:oas)', () => {
    expect(findings.filter((finding) => finding.severity === ERROR && !finding.code.startsWith('owasp:')).map(where)).toEqual([]);
  });
});
