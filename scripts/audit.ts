/**
 * `npm run audit`: Lighthouse 12 (performance, accessibility, best practices) in Debian's Chromium against the real
 * server and the built PWA, on a phone profile (Lighthouse's default mobile emulation and simulated slow 4G), for:
 * - `/login` (what a signed-out fan sees first), and
 * - `/dashboard`, `/challenges`, `/sweepstakes`, `/media`, `/profile`, `/leaderboard`, `/venue` and `/card` for a freshly signed-in fan of the demo
 *   organization (the session token is put in localStorage before Lighthouse navigates; storage is not reset, so
 *   these later pages load with a warm HTTP cache and service worker, as a returning fan's do), and
 * - the operator console's main pages, `/admin`, `/admin/challenges` (a list), `/admin/challenges/new` (the
 *   challenge editor), `/admin/figures` (the figures, with their charts), `/admin/notifications`, `/admin/seasons`
 *   `/admin/venue-events/new` and `/admin/member-cards`, for an operator (`OPERATOR_EMAILS`) signed in the same way.
 * Each page is audited `AUDIT_RUNS` times (default 3) and reported by its median run (by performance score, which
 * varies from run to run): its category scores (0-100), its main timings (FCP, LCP, TBT in ms, CLS), every failed
 * accessibility audit with the elements concerned, and every run's performance score. `/login` is a first visit in
 * every run (cache, storage and service worker cleared). A report, not a test: it exits 0 whatever the scores, and
 * 1 only when Lighthouse cannot run. Needs a build (`npm run build`) and `/usr/bin/chromium` (`CHROMIUM_PATH` to override).
 * Env: `AUDIT_PORT` (default 3230), `AUDIT_JSON=dir` also writes each full Lighthouse report as JSON there,
 * `AUDIT_PATHS=/card,/admin/member-cards` audits only the listed pages (`/login` included only when listed).
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInFan, startServer } from './lib/server';

const PORT = Number(process.env.AUDIT_PORT ?? 3230);
const DEBUG_PORT = 9333;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** Lighthouse runs per page (`AUDIT_RUNS`, default 3); each page is reported by its median run. */
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
/** The pages `AUDIT_PATHS` keeps (comma-separated), or null for every page. */
const ONLY = process.env.AUDIT_PATHS ? new Set(process.env.AUDIT_PATHS.split(',').map((path) => path.trim())) : null;
const audited = (path: string) => ONLY === null || ONLY.has(path);
/** The main tabs of a signed-in fan. */
const ALL_SIGNED_IN_PATHS = ['/dashboard', '/challenges', '/sweepstakes', '/media', '/profile', '/leaderboard', '/venue', '/card'];
/** The operator console's main pages, and its operator. */
const ALL_CONSOLE_PATHS = [
  '/admin',
  '/admin/challenges',
  '/admin/challenges/new',
  '/admin/figures',
  '/admin/notifications',
  '/admin/seasons',
  '/admin/venue-events/new',
  '/admin/member-cards',
];
const OPERATOR_EMAIL = 'audit-operator@alpine-racing.example';
const SIGNED_IN_PATHS = ALL_SIGNED_IN_PATHS.filter(audited);
const CONSOLE_PATHS = ALL_CONSOLE_PATHS.filter(audited);

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * The targets of a page: performance at least 95 on `/login` and the fan's pages (90 on the
 * console), total blocking time at most 200 ms, LCP at most 2.5 s on `/login` and 1.5 s signed in, CLS at most
 * 0.02. Takes the report's name (`signed out: /login`, `signed in: ...`, `operator: ...`) and its result; returns the
 * verdict line.
 */
function verdict(name: string, lhr: LighthouseResult): string {
  const console_ = name.startsWith('operator:');
  const performance = Math.round((lhr.categories.performance.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const checks: [string, boolean][] = console_
    ? [[`performance ${performance} >= 90`, performance >= 90]]
    : [
        [`performance ${performance} >= 95`, performance >= 95],
        [`TBT ${Math.round(metric('total-blocking-time'))} <= 200 ms`, metric('total-blocking-time') <= 200],
        name.startsWith('signed out:')
          ? [`LCP ${Math.round(metric('largest-contentful-paint'))} <= 2500 ms`, metric('largest-contentful-paint') <= 2500]
          : [`LCP ${Math.round(metric('largest-contentful-paint'))} <= 1500 ms`, metric('largest-contentful-paint') <= 1500],
        [`CLS ${metric('cumulative-layout-shift').toFixed(3)} <= 0.02`, metric('cumulative-layout-shift') <= 0.02],
      ];
  const failed = checks.filter(([, ok]) => !ok).map(([label]) => label);
  return `  targets: ${failed.length === 0 ? 'PASS' : `FAIL (${failed.join('; ')})`}`;
}

/** One line per category, the main metrics, and the failed accessibility audits of `lhr`. */
function summarize(name: string, lhr: LighthouseResult): string {
  const lines = [`${name} (${lhr.finalDisplayedUrl})`];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    lines.push(`  ${category.title.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`);
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue;
  lines.push(
    `  FCP ${Math.round(metric('first-contentful-paint') ?? 0)} ms, LCP ${Math.round(metric('largest-contentful-paint') ?? 0)} ms, ` +
      `TBT ${Math.round(metric('total-blocking-time') ?? 0)} ms, CLS ${(metric('cumulative-layout-shift') ?? 0).toFixed(3)}`,
  );
  const failed = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
  for (const audit of failed) {
    lines.push(`  accessibility: ${audit.id}: ${audit.title}`);
    const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
    for (const item of items.slice(0, 5)) if (item.node?.snippet) lines.push(`    ${item.node.snippet}`);
  }
  return lines.join('\n');
}

const server = await startServer(PORT, { OPERATOR_EMAILS: OPERATOR_EMAIL });
// A persistent context is the browser's default one, which Lighthouse drives through the debugging port: the
// session token put in its localStorage is the one the audited page reads.
const profileDir = await mkdtemp(join(tmpdir(), 'podium-audit-'));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    `--remote-debugging-port=${DEBUG_PORT}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await context.newPage();
  const flags = {
    port: DEBUG_PORT,
    output: 'json' as const,
    onlyCategories: CATEGORIES,
    disableStorageReset: true,
    logLevel: 'error' as const,
  };
  /** Every run's report per page, in page order. */
  const runs = new Map<string, LighthouseResult[]>();
  const keep = (name: string, lhr: LighthouseResult) => runs.set(name, [...(runs.get(name) ?? []), lhr]);
  const token = await signInFan(server, `audit-${Date.now()}@fans.example`);
  const operatorToken = await signInFan(server, OPERATOR_EMAIL);

  for (let run = 0; run < RUNS; run++) {
    // A first visit, signed out: the earlier run's session token goes, then Lighthouse clears this origin's HTTP
    // cache, storage and service worker before loading /login.
    await page.goto(`${server.baseUrl}/login`);
    if (audited('/login')) {
      await page.evaluate(() => localStorage.removeItem('podium.session.token'));
      const login = await lighthouse(`${server.baseUrl}/login`, { ...flags, disableStorageReset: false });
      if (!login) throw new Error('Lighthouse returned no result for /login');
      if (new URL(login.lhr.finalDisplayedUrl).pathname !== '/login')
        throw new Error(`the audit of /login ended on ${login.lhr.finalDisplayedUrl}`);
      keep('signed out: /login', login.lhr);
    }

    await page.goto(`${server.baseUrl}/login`);
    await page.evaluate((value) => localStorage.setItem('podium.session.token', value), token);
    for (const path of SIGNED_IN_PATHS) {
      const result = await lighthouse(`${server.baseUrl}${path}`, flags);
      if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
      if (new URL(result.lhr.finalDisplayedUrl).pathname !== path) {
        throw new Error(`the signed-in audit of ${path} ended on ${result.lhr.finalDisplayedUrl}`);
      }
      keep(`signed in: ${path}`, result.lhr);
    }

    await page.evaluate((value) => localStorage.setItem('podium.session.token', value), operatorToken);
    for (const path of CONSOLE_PATHS) {
      const result = await lighthouse(`${server.baseUrl}${path}`, flags);
      if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
      if (new URL(result.lhr.finalDisplayedUrl).pathname !== path)
        throw new Error(`the operator's audit of ${path} ended on ${result.lhr.finalDisplayedUrl}`);
      keep(`operator: ${path}`, result.lhr);
    }
    await page.evaluate((value) => localStorage.setItem('podium.session.token', value), token);
  }

  // Lighthouse's performance score varies from run to run (its own guidance: take the median of several runs):
  // each page is reported by its median run, with every run's score beside it.
  const reports: [string, LighthouseResult][] = [];
  for (const [name, lhrs] of runs) {
    const performance = (lhr: LighthouseResult) => Math.round((lhr.categories.performance.score ?? 0) * 100);
    const sorted = [...lhrs].sort((a, b) => performance(a) - performance(b));
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    reports.push([name, median]);
    console.log(summarize(name, median));
    console.log(verdict(name, median));
    console.log(`  performance over ${lhrs.length} runs: ${lhrs.map(performance).join(', ')} (median ${performance(median)})`);
  }
  if (process.env.AUDIT_JSON) {
    await mkdir(process.env.AUDIT_JSON, { recursive: true });
    for (const [name, lhr] of reports) {
      await writeFile(join(process.env.AUDIT_JSON, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
    }
  }
} finally {
  await context.close();
  await server.stop();
  await rm(profileDir, { recursive: true, force: true });
}
