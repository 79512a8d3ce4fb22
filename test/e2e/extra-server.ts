/**
 * A second real server for specs that need other settings than the config's web server (another static
 * directory, analytics and telemetry configured): the compiled server (`E2E_SERVER_NODE_ARGS`) on a fresh in-memory
 * database, as the config starts its own. Started in its own process group so `stop()` ends it whole.
 */
import { spawn } from 'node:child_process';
import { E2E_SERVER_NODE_ARGS } from '../../playwright.config';

/** What the server prints once it listens (server/main.ts). */
const LISTENING_LINE = 'Podium is running at';

/** A server started by `startExtraServer`. */
export interface ExtraServer {
  baseUrl: string;
  /** Everything the server printed so far (sign-in codes, errors). */
  output: () => string;
  /** Ends the whole process group; resolves once it exited. */
  stop: () => Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the server on 127.0.0.1:`port` with `env` added (PORT, HOST, PODIUM_DATA_DIR=memory:// are set), waits
 * for it to print that it listens, then checks that `/config.json` answers. Throws when the port already answers
 * (a leftover server would be tested instead) or when the server exits or does not listen within `listenWithinMs`
 * (default 60 s; more where the spec starts it beside a busy config server).
 */
export async function startExtraServer(port: number, env: Record<string, string>, listenWithinMs = 60_000): Promise<ExtraServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  if (await answers(`${baseUrl}/config.json`)) throw new Error(`port ${port} is already in use by another server`);
  let out = '';
  const child = spawn(process.execPath, E2E_SERVER_NODE_ARGS, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PODIUM_DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (!child.pid) return;
    const running = child.exitCode === null && child.signalCode === null;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // the whole group is gone
    }
    if (!running) return;
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  // The server prints its "running at" line once it listens (server/main.ts); an exit or 60 s without it fail.
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => {
      if (out.includes(LISTENING_LINE)) resolve();
    });
    void exited.then(() => reject(new Error('the server exited')));
    deadline = setTimeout(() => reject(new Error(`not listening after ${listenWithinMs / 1000} s`)), listenWithinMs);
  });
  try {
    await listening;
    if (!(await answers(`${baseUrl}/config.json`))) throw new Error('/config.json does not answer');
  } catch (error) {
    await stop();
    throw new Error(`server on port ${port} did not start (${(error as Error).message}):\n${out}`);
  } finally {
    clearTimeout(deadline);
  }
  return { baseUrl, output: () => out, stop };
}
