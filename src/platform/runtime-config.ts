/**
 * Runtime config (ARCHITECTURE §1): fetched once from `/config.json` at boot; nothing organization-specific is
 * a build-time constant. The server builds the file from its zod-validated environment and its tests check it
 * against `RuntimeConfigSchema`; the client only checks that it is a JSON object, so zod stays off the first
 * screen.
 */
import type { RuntimeConfig } from '../contracts/config';
import { takeEarlyRequest } from './early-requests';

export type { RuntimeConfig };

let current: RuntimeConfig | null = null;

/** Thrown when `/config.json` cannot be fetched or is not a runtime config. */
class RuntimeConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RuntimeConfigError';
  }
}

/**
 * Fetches and validates `/config.json` (the request `index.html` started with the page, before the scripts were even
 * parsed, when there is one: `takeEarlyRequest`), then keeps it for `getRuntimeConfig()`.
 * Takes an optional URL (default `/config.json`). Returns the parsed config.
 * Throws `RuntimeConfigError` on a network failure, a non-2xx status or an invalid body.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    const early = url === '/config.json' ? takeEarlyRequest<Response>('__podiumConfig') : null;
    response = await (early ?? fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' }));
  } catch (cause) {
    throw new RuntimeConfigError(`Could not reach ${url}`, { cause });
  }
  if (!response.ok) throw new RuntimeConfigError(`${url} answered ${response.status} ${response.statusText}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError(`${url} is not JSON`, { cause });
  }
  const config = body as Partial<RuntimeConfig> | null;
  if (typeof config?.apiOrigin !== 'string' || typeof config.organizationKey !== 'string' || typeof config.auth !== 'object') {
    throw new RuntimeConfigError(`${url} is not a Podium runtime config`);
  }
  current = config as RuntimeConfig;
  return current;
}

/** Sets the config directly (tests, or a config obtained elsewhere). Takes and returns the config. */
export function setRuntimeConfig(config: RuntimeConfig): RuntimeConfig {
  current = config;
  return current;
}

/** Returns the loaded config. Throws if `loadRuntimeConfig()`/`setRuntimeConfig()` has not run yet. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('Runtime config is not loaded yet (call loadRuntimeConfig() at boot)');
  return current;
}
