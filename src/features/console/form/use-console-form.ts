/**
 * The state of one console form: its values (shaped like the request body), its field errors, and its submit:
 * the body is built, checked with the shared zod contract when the resource has one (the message shows beside the
 * field, focus goes to the first field in error), then saved; a 422 answer's `details[].path` is mapped back to the
 * fields the same way. Success and failure are told with a toast (`notify`, decision 0039).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../api/errors';
import { notify } from '../../../platform/toasts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from './field-errors';
import { setAt } from './fields';

interface ConsoleFormOptions<T> {
  /** Starting values (re-applied when `resetKey` changes). */
  initial: Record<string, unknown>;
  /** Changes when another item is loaded into the form. */
  resetKey: string;
  /** Builds the request body from the values. */
  build: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The contract checked before sending (the full create contract), if any. */
  schema?: z.ZodType;
  /** Sends the body; resolves with the saved item. */
  save: (body: Record<string, unknown>) => Promise<T>;
  /** Runs after a successful save with the saved item. */
  onSaved?: (item: T) => void;
  /** Texts of the toasts, already translated; `message` translates validation messages. */
  texts: { saved: string; failed: string; invalid: string; message: (text: string) => string };
}

/** A form's state and handlers (see the module note). */
export function useConsoleForm<T>({ initial, resetKey, build, schema, save, onSaved, texts }: ConsoleFormOptions<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const [loadedKey, setLoadedKey] = useState(resetKey);
  if (loadedKey !== resetKey) {
    // Another item: start again from its values (React's "adjust state when a prop changes").
    setLoadedKey(resetKey);
    setValues(initial);
    setErrors({});
  }

  useEffect(() => {
    if (!focusTick) return;
    // The first field in error of the page's form (one form per console page), else the error summary.
    const form = document.querySelector('#main-content form');
    (form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[data-error-summary]'))?.focus();
  }, [focusTick]);

  const set = useCallback((path: string, value: unknown) => {
    setValues((current) => setAt(current, path, value));
    setErrors((current) => {
      if (!(path in current)) return current;
      const next = { ...current };
      delete next[path];
      return next;
    });
  }, []);

  const showErrors = (found: FieldErrors) => {
    const translated = Object.fromEntries(Object.entries(found).map(([path, text]) => [path, texts.message(text)]));
    setErrors(translated);
    setFocusTick((n) => n + 1);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = build(values);
    if (schema) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        showErrors(zodFieldErrors(parsed.error.issues));
        notify({ title: texts.invalid, variant: 'destructive' });
        return;
      }
    }
    setSaving(true);
    try {
      const item = await save(body);
      setErrors({});
      notify({ title: texts.saved });
      onSaved?.(item);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const found = serverFieldErrors(error.details);
        showErrors(Object.keys(found).length ? found : { '': error.message });
        notify({ title: texts.invalid, variant: 'destructive' });
      } else {
        const description = error instanceof Error ? texts.message(error.message) : undefined;
        notify({ title: texts.failed, description, variant: 'destructive' });
      }
    } finally {
      setSaving(false);
    }
  };

  return { values, errors, set, submit, saving };
}
