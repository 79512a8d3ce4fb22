/**
 * The form machinery of the console: a resource is declared as a list of fields (name, kind, translatable or
 * not), and the generic list and edit pages render, read and send it. Values live in one object shaped like the
 * request body (French texts under `translations.fr`), read and written by dotted path (`options.0.text`) with
 * TanStack Form's `getBy` / `setBy`.
 */
import { getBy, setBy } from '@tanstack/react-form';

/** What kind of control a field gets. */
export type FieldKind =
  'text' | 'textarea' | 'markdown' | 'number' | 'datetime' | 'media' | 'select' | 'checkbox' | 'list' | 'color' | 'videos' | 'rows';

/** One field of a resource's form. */
export interface FieldSpec {
  /** Body key (and i18n key `console:fields.{name}`). */
  name: string;
  kind: FieldKind;
  /** The French text goes to `translations.fr.{name}`, edited beside the English one. */
  translatable?: boolean;
  /** Marked required in the form (the contract decides). */
  required?: boolean;
  /** Empty input is sent as null (optional dates, media, numbers). */
  nullable?: boolean;
  /** Choices of a `select` (values; labels from `console:choices.{name}.{value}` when `labelled`). */
  choices?: readonly string[];
  /** Choices of a `select` come from the organization's ranks (codes P10..P1 with their titles). */
  choicesFrom?: 'ranks';
  /** A `select`'s choices have translated labels (`console:choices.{name}.{value}`). */
  labelled?: boolean;
  /** Longest text, in characters (the contract's limit). */
  maxLength?: number;
  /** `media`: the accepted file types (default images). */
  accept?: string;
  /** Starting value of a new item. */
  initial?: unknown;
  /** `rows`: the fields of one row (a list of objects, e.g. an activation's badges); a row's `id` is kept. */
  rowFields?: readonly FieldSpec[];
  /** `rows`: i18n key (`console:rows.{rowLabel}`) naming one row, e.g. "Badge {{n}}". */
  rowLabel?: string;
  /** `rows`: each row also gets this key set to its 1-based position (the check-in ladder's `day`). */
  rowPosition?: string;
}

/** The path of a field's French text. */
export const frenchPath = (name: string) => `translations.fr.${name}`;

/** The starting values of a new item of `fields`. */
export function initialValues(fields: readonly FieldSpec[]): Record<string, unknown> {
  let values: Record<string, unknown> = { translations: { fr: {} } };
  for (const field of fields) {
    const empty =
      field.kind === 'checkbox'
        ? false
        : field.kind === 'list' || field.kind === 'videos' || field.kind === 'rows'
          ? []
          : field.nullable
            ? null
            : field.kind === 'number'
              ? 0
              : '';
    values = setBy(values, field.name, field.initial ?? empty);
    if (field.translatable) values = setBy(values, frenchPath(field.name), '');
  }
  return values;
}

/** The values of a stored item for its form: the item itself, with `translations.fr` always present. */
export function itemValues(item: Record<string, unknown>): Record<string, unknown> {
  const translations = (item.translations ?? {}) as Record<string, unknown>;
  return { ...item, translations: { ...translations, fr: { ...((translations.fr as object | undefined) ?? {}) } } };
}

/** The body of a `rows` field: each row through `bodyOf` of its fields, keeping its `id`, numbered when asked. */
function rowsBody(field: FieldSpec, value: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  return rows.map((row, index) => ({
    ...(typeof row.id === 'string' ? { id: row.id } : {}),
    ...(field.rowPosition ? { [field.rowPosition]: index + 1 } : {}),
    ...bodyOf(field.rowFields ?? [], itemValues(row)),
  }));
}

/**
 * The request body of `values` for `fields`: only the declared fields (the admin API's patch contract is strict)
 * and the translations; numbers as numbers, an empty nullable field as null, empty French texts left out (the fan
 * side falls back to English).
 */
export function bodyOf(fields: readonly FieldSpec[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const stored = (getBy(values, 'translations.fr') ?? {}) as Record<string, unknown>;
  const fr: Record<string, unknown> = { ...stored };
  for (const field of fields) {
    let value = getBy(values, field.name);
    if (field.kind === 'number')
      value = value === '' || value === null || value === undefined ? (field.nullable ? null : 0) : Number(value);
    else if (field.nullable && (value === '' || value === undefined)) value = null;
    else if (field.kind === 'list') value = ((value as string[] | undefined) ?? []).map((v) => v.trim()).filter(Boolean);
    else if (field.kind === 'rows') value = rowsBody(field, value);
    body[field.name] = value;
    if (field.translatable) {
      const text = typeof fr[field.name] === 'string' ? (fr[field.name] as string).trim() : '';
      if (text) fr[field.name] = text;
      else delete fr[field.name];
    }
  }
  if (fields.some((f) => f.translatable) || Object.keys(fr).length) {
    const translations = (values.translations ?? {}) as Record<string, unknown>;
    body.translations = { ...translations, fr };
  }
  return body;
}
