/**
 * `<TextField>`: a labelled input with an optional hint and an inline error. The error is announced
 * (`aria-live="polite"`) and tied to the input with `aria-describedby`/`aria-invalid`.
 */
import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Translated error message, or empty/undefined when valid. */
  error?: string;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Renders `.field` with `.field__label`, `.input`, `.field__hint` and `.field__error`. */
export function TextField({ label, hint, error, inputClassName, ref, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={inputClassName ? `input ${inputClassName}` : 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <p className="field__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
