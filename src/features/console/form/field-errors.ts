/**
 * Field errors of a console form, keyed by the field's path written with dots (`title`, `options.1.text`,
 * `translations.fr.title`): from the shared zod contract before sending (`issueFieldErrors`), and from the server's
 * 422 answer `{error: {details: [{path, message}]}}` after (`serverFieldErrors`), so both show beside the field
 * they name. The first message of a path wins.
 */

/** Messages by field path. */
export type FieldErrors = Record<string, string>;

/** A path as zod (array) or the server (dotted string) writes it, as a dotted key. */
export function pathKey(path: ReadonlyArray<PropertyKey> | string): string {
  return typeof path === 'string' ? path : path.map(String).join('.');
}

/**
 * The issues of a failed Standard Schema check (a zod contract's `~standard.validate`, or zod's own
 * `error.issues`) as field errors; a path segment may be a key or a `{key}` object, as the Standard Schema allows.
 */
export function issueFieldErrors(
  issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = pathKey((issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment)));
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The `details` of a 422 answer as field errors. Takes the details as received (anything); entries without a
 * string `path` and `message` are skipped, a path of '' is kept under '' (the form's own error).
 */
export function serverFieldErrors(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof detail?.message !== 'string') continue;
    const path = Array.isArray(detail.path) ? pathKey(detail.path as PropertyKey[]) : typeof detail.path === 'string' ? detail.path : null;
    if (path === null) continue;
    errors[path] ??= detail.message;
  }
  return errors;
}
