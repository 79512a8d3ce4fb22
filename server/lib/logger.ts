/**
 * A small leveled logger writing one line per event (`LEVEL message {json}`) to stdout/stderr.
 * The app receives a `Logger` so tests can pass a silent or capturing one.
 *
 * Callers describe an error with `describeError` (`server/lib/error-description.ts`) before logging it; should an
 * error object reach the logger anyway, it is written through that same description, never as the object itself
 * (a failed statement's error carries its parameters as own properties, which `JSON.stringify` would print).
 */
import { describeError } from './error-description';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, meta?: Record<string, unknown>) => void>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Writes a formatted line: warnings and errors to stderr, the rest to stdout. */
const writeToConsole = (line: string, at: Exclude<LogLevel, 'silent'>) =>
  (at === 'warn' || at === 'error' ? console.error : console.log)(line);

/** `meta` with every Error value replaced by its description. */
function safeMeta(meta: Record<string, unknown>): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(meta)) safe[name] = value instanceof Error ? describeError(value) : value;
  return safe;
}

/**
 * Creates a logger that drops events below `level`.
 * @param write where each formatted line goes (default: the console); tests pass a capturing one
 */
export function createLogger(
  level: LogLevel = 'info',
  write: (line: string, at: Exclude<LogLevel, 'silent'>) => void = writeToConsole,
): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, meta?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    write(`${at.toUpperCase()} ${message}${meta ? ' ' + JSON.stringify(safeMeta(meta)) : ''}`, at);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = createLogger('silent');
