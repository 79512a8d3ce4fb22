/** Search text as a SQL `LIKE`/`ILIKE` pattern (PostgreSQL's default escape character, backslash). */

/**
 * The pattern matching values that contain `text` anywhere: `%text%`, with `%`, `_` and `\` in `text` escaped so that
 * they match themselves (a search for `50%` finds "50%", not every value with a "50").
 * @param text what an operator typed in a search box
 * @returns the pattern for `ilike(column, pattern)`
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
