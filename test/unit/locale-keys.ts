/**
 * The keys of a locale namespace as dotted paths, one per message: plural forms (`_one`, `_many`, `_other`…) count
 * as their one message, since each language has the forms its own plural rules ask for (French `many`, English not).
 * Takes the parsed namespace; returns the sorted, distinct keys.
 */
type Tree = { [key: string]: string | Tree };

export function localeKeys(tree: Tree): string[] {
  const walk = (node: Tree, prefix: string): string[] =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')] : walk(value, `${prefix}${key}.`),
    );
  return [...new Set(walk(tree, ''))].sort();
}
