/** Row ids are UUIDs; a path id that is not one names nothing (404) and must never reach a uuid column. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID in canonical text form. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
