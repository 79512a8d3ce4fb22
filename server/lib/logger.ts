/**
 * A small leveled logger writing one line per event (`LEVEL message {json}`) to stdout/stderr.
 * The app receives a `Logger` so tests can pass a silent or capturing one.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, meta?: Record<string, unknown>) => void>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Creates a console logger that drops events below `level`. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, meta?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = `${at.toUpperCase()} ${message}${meta ? ' ' + JSON.stringify(meta) : ''}`;
    (at === 'warn' || at === 'error' ? console.error : console.log)(line);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = createLogger('silent');
