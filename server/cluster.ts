/**
 * Several server processes on one machine (ARCHITECTURE §2, docs/decisions/0044): with `WEB_CONCURRENCY=N`
 * (N > 1) the primary process forks N workers with node's cluster module; they share the listening port and
 * keep no state that matters across requests (PostgreSQL holds sessions, idempotency records and rate-limit
 * counters), so any worker can answer any request.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './lib/logger';

/**
 * Runs the cluster primary: forks `workers` processes (each runs this same entry file as a worker), forks a
 * replacement when one dies unexpectedly (after `restartDelayMs`, so a worker that cannot start does not spin
 * a core), and on SIGTERM/SIGINT forwards the signal to every worker, waits for them to finish their in-flight
 * requests (each bounds its own shutdown) and exits 0, or 1 if a worker exited with an error.
 * @param options.workers number of workers (>= 1)
 * @param options.logger where "worker started/exited" lines go
 * @param options.restartDelayMs wait before replacing a dead worker (default 1000 ms)
 */
export function runPrimary(options: { workers: number; logger: Logger; restartDelayMs?: number }): void {
  const { logger } = options;
  let stopping = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => logger.info(`worker ${worker.id} started (pid ${worker.process.pid})`));
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      // A worker still starting when the signal came has no handler yet and ends by the signal itself: a clean
      // stop too (it had no request to finish). An exit code other than 0 is a failed shutdown.
      if (code !== null && code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    logger.warn(`worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); starting a new one`);
    setTimeout(() => {
      if (!stopping) fork();
    }, options.restartDelayMs ?? 1000);
  });
  for (let i = 0; i < options.workers; i++) fork();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (alive.length === 0) process.exit(0);
    for (const worker of alive) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
