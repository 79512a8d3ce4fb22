/**
 * `GET /healthz` and `GET /readyz`: what a load balancer or an orchestrator asks a server process (docs/deploy.md,
 * decision 0089). `/healthz` answers 200 while the process runs its event loop (restart it when this fails);
 * `/readyz` answers 200 only when the process should get traffic: not shutting down, the database answers, every
 * committed migration is applied, and the media store answers. Otherwise 503 `{error: {code: 'ServiceUnavailable',
 * message, details: {checks}}}` naming the failed checks. Both sit outside `/api`: no organization key, no load
 * shedding or admission queue (a full queue must not make a healthy process look dead), never cached.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { migrationsApplied, type Db } from '../../db/client';
import type { MediaStorage } from '../../lib/storage/media-object';
import type { AppEnv } from '../../lib/app-env';

/** How long one readiness check may take (ms) before it counts as failed: a hung database must not hang the probe. */
const CHECK_TIMEOUT_MS = 2_000;
/** A key no upload ever gets (uploads take random UUIDs): reading it proves the store answers without touching media. */
const STORE_PROBE_KEY = '00000000-0000-0000-0000-000000000000';

/** The state a readiness answer needs from the process: `stopping` turns true on SIGTERM (server/main.ts). */
export type Lifecycle = { stopping: boolean };

type CheckName = 'shutdown' | 'database' | 'migrations' | 'storage';

/** Resolves with `check`'s result, or with 'timeout' after CHECK_TIMEOUT_MS; a thrown error counts as 'failed'. */
async function bounded(check: () => Promise<boolean>): Promise<'ok' | 'failed' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([
      check().then(
        (ok) => (ok ? 'ok' : 'failed'),
        () => 'failed' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The two routes.
 * @param deps.db the database itself (not a request transaction)
 * @param deps.storage the media store the process serves from
 * @param deps.lifecycle read on every `/readyz`
 */
export function healthRoutes(deps: { db: Db; storage: MediaStorage; lifecycle: Lifecycle }) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' });
    })
    .get('/readyz', async (c) => {
      c.header('Cache-Control', 'no-store');
      const checks: Partial<Record<CheckName, string>> = {};
      if (deps.lifecycle.stopping) {
        checks.shutdown = 'stopping';
      } else {
        const [database, migrations, storage] = await Promise.all([
          bounded(async () => (await deps.db.execute(sql`select 1`), true)),
          bounded(() => migrationsApplied(deps.db)),
          bounded(async () => (await deps.storage.get(STORE_PROBE_KEY), true)),
        ]);
        Object.assign(checks, { database, migrations, storage });
      }
      const failed = Object.entries(checks).filter(([, result]) => result !== 'ok');
      if (failed.length === 0) return c.json({ status: 'ready', checks });
      const message = `Not ready: ${failed.map(([name, result]) => `${name} ${result}`).join(', ')}`;
      return c.json({ error: { code: 'ServiceUnavailable' as const, message, details: { checks } } }, 503);
    });
}
