/**
 * The state of one console form: its values (shaped like the request body), its field errors, and its submit:
 * the body is built, checked with the shared zod contract when the resource has one (the message shows beside the
 * field, focus goes to the first field in error), then saved; a 422 answer's `details[].path` is mapped back to the
 * fields the same way. Success and failure are told with a toast (`notify`, decision 0039). A form may ask for a
 * confirmation before sending (`confirm`) and start again empty after a save (`resetOnSave`). It knows whether it
 * holds changes not saved yet (`isDirty`: the values differ from those loaded or last saved), which
 * `UnsavedChangesGuard` uses to warn before they are lost (decision 0080).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
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
  /** Asked once the body is valid, before sending: resolves false to send nothing. */
  confirm?: (body: Record<string, unknown>) => Promise<boolean>;
  /** After a save the form starts again from `initial` (a one-off action such as a points adjustment). */
  resetOnSave?: boolean;
  /** Texts of the toasts, already translated; `message` translates validation messages. */
  texts: { saved: string; failed: string; invalid: string; message: (text: string) => string };
}

/** A form's state and handlers (see the module note). */
export function useConsoleForm<T>({ initial, resetKey, build, schema, save, onSaved, confirm, resetOnSave, texts }: ConsoleFormOptions<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const [loadedKey, setLoadedKey] = useState(resetKey);
  // The values as loaded or last saved (JSON): the form is dirty while its values differ.
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  if (loadedKey !== resetKey) {
    // Another item: start again from its values (React's "adjust state when a prop changes").
    setLoadedKey(resetKey);
    setValues(initial);
    setBaseline(JSON.stringify(initial));
    setErrors({});
  }
  // Read by `isDirty` outside rendering (a navigation right after a save must see the save).
  const latest = useRef({ values, baseline });
  useEffect(() => {
    latest.current = { values, baseline };
  }, [values, baseline]);
  const isDirty = useCallback(() => JSON.stringify(latest.current.values) !== latest.current.baseline, []);

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
    if (confirm && !(await confirm(body))) return;
    setSaving(true);
    try {
      const item = await save(body);
      setErrors({});
      const kept = resetOnSave ? initial : values;
      if (resetOnSave) setValues(initial);
      latest.current = { values: kept, baseline: JSON.stringify(kept) };
      setBaseline(latest.current.baseline);
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

  return { values, errors, set, submit, saving, isDirty };
}
