/**
 * How deep a parsed JSON value nests, measured without recursion, so that code walking a document recursively (the
 * content document's reference mapping, for one) can refuse a hostile one first instead of overflowing the stack.
 */

/** Where a value first nests deeper than allowed. */
type TooDeep = {
  /** JSON path of the first array or object past the limit, `challenges.0.options.1` ('' for the root). */
  path: string;
  /** The limit it broke, in levels. */
  maxDepth: number;
};

/**
 * Finds the first array or object of `value` nested deeper than `maxDepth` levels (the root object or array is
 * level 1; a scalar adds none). Iterative, so a value of any depth is measured in constant stack.
 * @param value a value as `JSON.parse` gives it (no cycles)
 * @param maxDepth the deepest nesting allowed, in levels
 * @returns the first place too deep, or null when the whole value is within the limit
 */
export function findTooDeep(value: unknown, maxDepth: number): TooDeep | null {
  const stack: Array<{ item: unknown; depth: number; path: string }> = [{ item: value, depth: 1, path: '' }];
  while (stack.length > 0) {
    const { item, depth, path } = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > maxDepth) return { path, maxDepth };
    for (const [key, child] of Object.entries(item)) stack.push({ item: child, depth: depth + 1, path: path ? `${path}.${key}` : key });
  }
  return null;
}
