/**
 * What a log line or a trace may say about an error (decision 0071): enough to tell one failure from another, never
 * personal data.
 *
 * A failed SQL statement reaches the app as drizzle's `DrizzleQueryError` carrying the statement text and its
 * parameters (`.query`, `.params`, and both again in its message and stack), wrapping the driver's error whose
 * `.detail`, `.where` and even message can quote a value (`Key (email)=(…) already exists`, `invalid input syntax for
 * type uuid: "…"`); PGlite attaches `.query` and `.params` too. So an error that comes from the database or its
 * connection is described by its code (SQLSTATE such as `57P01`, or a socket errno such as `ECONNRESET`), the class
 * of that code and the statement's name, and nothing else it carries. Any other error keeps its message, with
 * e-mail addresses masked (a mail server's refusal names the recipient), and its stack frames without the message.
 */

/** A description safe to log: every field is a name, a code or a masked message. */
type ErrorDescription = {
  /** The error's class (`DrizzleQueryError`, `DatabaseError`, `TypeError`, …). */
  error: string;
  /** SQLSTATE or socket errno, from the error or its causes. */
  code?: string;
  /** What the code means, in a few words (never the database's own message). */
  class?: string;
  /** The failed statement: its prepared name, else its verb and first table (`insert into idempotency_records`). */
  statement?: string;
  /** The message of an error that does not come from the database, e-mail addresses masked. */
  message?: string;
  /** Stack frames (`at …` lines) of an unexpected error, without the message the stack starts with. */
  frames?: string[];
};

/** SQLSTATE classes (first two characters) worth naming; any other is `database error`. */
const SQLSTATE_CLASSES: Record<string, string> = {
  '08': 'connection exception',
  '22': 'data exception',
  '23': 'integrity constraint violation',
  '25': 'invalid transaction state',
  '40': 'transaction rollback',
  '42': 'syntax error or access rule violation',
  '53': 'insufficient resources',
  '54': 'program limit exceeded',
  '55': 'object not in prerequisite state',
  '57': 'operator intervention',
  '58': 'system error',
  P0: 'raised in a function',
  XX: 'internal error',
};
const SQLSTATE = /^[0-9A-Z]{5}$/;
const ERRNO = /^E[A-Z]+$/;
/** node-postgres's messages of a connection that went away or never came, without a code. */
const CONNECTION_MESSAGE = /Connection terminated|not queryable|Connection ended|timeout exceeded when trying to connect/i;
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g;

/** Statement text → name, for the statements the app prepares under a name of its own. */
const statementNames = new Map<string, string>();

/**
 * Records that `text` is the statement prepared as `name`, so a failure of it is logged by that name. Called once
 * per statement when it is prepared; a lookup happens only when a statement fails.
 */
export function nameStatement(text: string, name: string): void {
  statementNames.set(text, name);
}

type ErrorLike = {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
};

/** The verb and first table of a statement text (`insert into users`), which hold no values. */
function statementOf(text: string): string {
  const named = statementNames.get(text);
  if (named) return named;
  const target = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text);
  if (target) return `${target[1].toLowerCase().replace(/\s+/, ' ')} ${target[2]}`;
  const read = /\bselect\b[\s\S]*?\bfrom\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text);
  if (read) return `select from ${read[1]}`;
  return /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? 'statement';
}

/** The class of a SQLSTATE or errno. */
function classOf(code: string): string {
  if (ERRNO.test(code)) return 'connection error';
  return SQLSTATE_CLASSES[code.slice(0, 2)] ?? 'database error';
}

/** The class name of `error` (drizzle's errors keep `name` "Error"; their constructor tells them apart). */
function kindOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error;
  const name = (error as ErrorLike).name;
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (name === 'Error' && typeof constructorName === 'string' && constructorName !== 'Object') return constructorName;
  return typeof name === 'string' ? name : typeof constructorName === 'string' ? constructorName : 'Error';
}

/** The `at …` lines of `error.stack`, at most 12. */
function framesOf(error: unknown): string[] {
  const stack = (error as { stack?: unknown } | null)?.stack;
  if (typeof stack !== 'string') return [];
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => line.trim());
}

/**
 * Describes `error` for a log line or a trace.
 * @param error anything thrown
 * @param options.frames include stack frames (for an unexpected error, whose place in the code matters)
 * @returns a description holding no statement text, parameter, database message or detail, and no e-mail address
 */
export function describeError(error: unknown, options: { frames?: boolean } = {}): ErrorDescription {
  let code: string | undefined;
  let statement: string | undefined;
  let fromDatabase = false;
  let connectionLost = false;
  // Walk the causes: drizzle wraps the driver's error, which may wrap a socket error.
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string' && (SQLSTATE.test(e.code) || ERRNO.test(e.code))) {
      code ??= e.code;
      fromDatabase = true;
    }
    if (typeof e.query === 'string') {
      statement ??= statementOf(e.query);
      fromDatabase = true;
    }
    if (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)) connectionLost = fromDatabase = true;
    if ('params' in e || 'severity' in e || (typeof e.message === 'string' && /^Failed query/.test(e.message))) fromDatabase = true;
    e = e.cause as ErrorLike | undefined;
  }
  const description: ErrorDescription = { error: kindOf(error) };
  if (fromDatabase) {
    if (code) description.code = code;
    description.class = code ? classOf(code) : connectionLost ? 'connection lost' : 'statement failed';
    if (statement) description.statement = statement;
  } else {
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
    if (message) description.message = message.replace(EMAIL, '[e-mail]').slice(0, 500);
  }
  if (options.frames) description.frames = framesOf(error);
  return description;
}
