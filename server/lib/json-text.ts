/**
 * JSON text whose value is known by its type: a route may send text that a service encoded in parts (one part
 * encoded once and kept, the rest per request) and still be checked against its declared answer.
 */

declare const encodes: unique symbol;

/** The JSON text of a value of type `T`: made only by the functions below, from values typed as `T`'s parts. */
export type JsonText<T> = string & { readonly [encodes]: T };

/** `JSON.stringify(value)`, typed as the text of `value` (`value` must be JSON: no undefined at the top). */
export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/**
 * Joins the JSON texts of two objects into the text of one object with the fields of both:
 * `'{"a":1}'` and `'{"b":2}'` -> `'{"a":1,"b":2}'`. No field may be in both (it would appear twice).
 */
export function joinObjectTexts<A extends object, B extends object>(head: JsonText<A>, tail: JsonText<B>): JsonText<A & B> {
  if (head === '{}') return tail as string as JsonText<A & B>;
  if (tail === '{}') return head as string as JsonText<A & B>;
  return `${head.slice(0, -1)},${tail.slice(1)}` as JsonText<A & B>;
}

/** The text of an array of the values of `items`. */
export const jsonArrayText = <T>(items: ReadonlyArray<JsonText<T>>): JsonText<T[]> => `[${items.join(',')}]` as JsonText<T[]>;
