/**
 * The control of a `rows` field: a list of objects edited in place (an activation's badges, the check-in ladder).
 * Each row is a fieldset named after its position with its own fields (drawn by the form's `control`/`pair`, so
 * every field keeps its label, error and `data-path`), a Remove button, and an Add button at the end. Focus goes
 * to the first field of an added row, and to the Add button after a removal, so a keyboard user is never lost.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { FieldErrors } from '../form/field-errors';
import { initialValues, type FieldSpec } from '../form/fields';
import { useConsoleText } from './use-console-text';

interface RowsControlProps {
  field: FieldSpec;
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  errors: FieldErrors;
  /** Draws one field of a row at `path` (the form's `control` or `pair`). */
  renderField: (field: FieldSpec, path: string) => ReactNode;
}

/** Renders the rows of `field` (see the module note). */
export function RowsControl({ field, path, label, value, onChange, errors, renderField }: RowsControlProps) {
  const { t, message } = useConsoleText();
  const errorId = `${useId()}-error`;
  const addRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after the change the form is re-rendering with: a new row's first field, or the Add button.
  const pendingFocus = useRef<number | 'add' | null>(null);
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const rowName = (n: number) => t(`rows.${field.rowLabel ?? 'row'}`, { n });

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target === 'add') addRef.current?.focus();
    else document.querySelector<HTMLElement>(`[data-path^="${path}.${target}."]`)?.focus();
  });

  const error = errors[path];
  return (
    <fieldset className="console-rows" data-path={path} aria-describedby={errorId}>
      <legend className="field__label">{label}</legend>
      {rows.length === 0 ? <p className="muted">{t('rows.none')}</p> : null}
      {rows.map((row, index) => (
        <fieldset key={typeof row.id === 'string' ? row.id : `new-${index}`} className="console-rows__row">
          <legend>{rowName(index + 1)}</legend>
          {(field.rowFields ?? []).map((sub) => renderField(sub, `${path}.${index}.${sub.name}`))}
          {errors[`${path}.${index}`] ? (
            <p className="field__error" role="alert">
              {message(errors[`${path}.${index}`] ?? '')}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              onChange(rows.filter((_, i) => i !== index));
              pendingFocus.current = 'add';
            }}
          >
            {t('rows.remove', { name: rowName(index + 1) })}
          </button>
        </fieldset>
      ))}
      <button
        ref={addRef}
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => {
          onChange([...rows, initialValues(field.rowFields ?? [])]);
          pendingFocus.current = rows.length;
        }}
      >
        {t('rows.add', { name: rowName(rows.length + 1) })}
      </button>
      <p className="field__error" id={errorId} aria-live="polite">
        {error ? message(error) : ''}
      </p>
    </fieldset>
  );
}
