/**
 * One console form on TanStack Form (`useForm`): the library holds the values (typed `TValues`, shaped like the
 * request body or built into it by `build`), each field's errors, the submit lifecycle and whether the values
 * still equal those loaded or last saved. What this hook adds is the console's own behaviour around it:
 * - before sending, the body is checked against the shared contract through its Standard Schema interface (a form
 *   `onSubmitAsync` validator); each issue becomes the error of the field at its dotted path (`options.1.text`);
 * - a 422 answer's `details[].path` are put on the fields they name the same way (the form's `onServer` errors);
 * - focus goes to the first field in error (else the error summary), and saved / failed / invalid are told with a
 *   toast (`notify`, decision 0039), messages translated by `texts.message`;
 * - an optional confirmation before sending (`confirm`), and a start again from `initial` after a save
 *   (`resetOnSave`);
 * - `isDirty()` (the values differ from those loaded or last saved) for `UnsavedChangesGuard` (decision 0080).
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm, useStore, type StandardSchemaV1 } from '@tanstack/react-form';
import { ApiError } from '../../../api/errors';
import { notify } from '../../../platform/toasts';
import { issueFieldErrors, serverFieldErrors, type FieldErrors } from './field-errors';

interface ConsoleFormOptions<TValues extends object, TBody, TItem> {
  /** Starting values (re-applied when `resetKey` changes). */
  initial: TValues;
  /** Changes when another item is loaded into the form. */
  resetKey: string;
  /** Builds the request body from the values. */
  build: (values: TValues) => TBody;
  /** The contract the body is checked with before sending (a zod schema is a Standard Schema), if any. */
  schema?: StandardSchemaV1;
  /** Sends the body; resolves with the saved item. */
  save: (body: TBody) => Promise<TItem>;
  /** Runs after a successful save with the saved item. */
  onSaved?: (item: TItem) => void;
  /** Asked once the body is valid, before sending: resolves false to send nothing. */
  confirm?: (body: TBody) => Promise<boolean>;
  /** After a save the form starts again from `initial` (a one-off action such as a points adjustment). */
  resetOnSave?: boolean;
  /** Texts of the toasts, already translated; `message` translates validation messages. */
  texts: { saved: string; failed: string; invalid: string; message: (text: string) => string };
}

/** Field errors as the form validator's answer: '' is the form's own error, the first message of a path wins. */
function asValidationError(errors: FieldErrors): { form?: string; fields: FieldErrors } {
  const { '': form, ...fields } = errors;
  return { form, fields };
}

/**
 * A form's state and handlers (see the module note).
 * @returns `form` (the TanStack form API), `values`, `errors` (by dotted path, '' for the form's own), `set(path,
 *   value)`, `submit(event?)`, `saving`, and `isDirty()`, which reads the form's state at the time of asking
 */
export function useConsoleForm<TValues extends object, TBody = Record<string, unknown>, TItem = unknown>({
  initial,
  resetKey,
  build,
  schema,
  save,
  onSaved,
  confirm,
  resetOnSave,
  texts,
}: ConsoleFormOptions<TValues, TBody, TItem>) {
  // The values as loaded (or last saved): the form's default values. A new `resetKey` (another item, or the item
  // as saved) starts the form again from its values; a new `initial` object alone does not.
  const [loaded, setLoaded] = useState({ key: resetKey, values: initial });
  if (loaded.key !== resetKey) setLoaded({ key: resetKey, values: initial });
  const [focusTick, setFocusTick] = useState(0);
  const showInvalid = () => {
    setFocusTick((n) => n + 1);
    notify({ title: texts.invalid, variant: 'destructive' });
  };

  const form = useForm({
    defaultValues: loaded.values,
    validators: {
      onSubmitAsync: async ({ value }) => {
        if (!schema) return undefined;
        const result = await schema['~standard'].validate(build(value));
        if (!result.issues) return undefined;
        const found = issueFieldErrors(result.issues);
        return asValidationError(Object.fromEntries(Object.entries(found).map(([path, text]) => [path, texts.message(text)])));
      },
    },
    onSubmitInvalid: showInvalid,
    onSubmit: async ({ value, formApi }) => {
      const body = build(value);
      if (confirm && !(await confirm(body))) return;
      try {
        const item = await save(body);
        const kept = resetOnSave ? loaded.values : value;
        // Saved: these values are now the ones loaded (not dirty any more, even before the page renders again).
        formApi.reset(kept);
        setLoaded({ key: resetKey, values: kept });
        notify({ title: texts.saved });
        onSaved?.(item);
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const found = serverFieldErrors(error.details);
          const errors = Object.keys(found).length ? found : { '': error.message };
          const { form: formError, fields } = asValidationError(errors);
          for (const [path, text] of Object.entries(fields))
            formApi.setFieldMeta(path as never, (meta) => ({
              ...(meta ?? formApi.getFieldMeta(path as never) ?? emptyMeta),
              errorMap: { ...meta?.errorMap, onServer: texts.message(text) },
            }));
          // The form's own error (no validator declares its type: it is a message like every error here).
          if (formError) formApi.setErrorMap({ onServer: texts.message(formError) } as never);
          showInvalid();
        } else {
          const description = error instanceof Error ? texts.message(error.message) : undefined;
          notify({ title: texts.failed, description, variant: 'destructive' });
        }
      }
    },
  });

  useEffect(() => {
    // Another item loaded (or the item as saved came back): start again from its values.
    form.reset(loaded.values);
  }, [form, loaded]);

  useEffect(() => {
    if (!focusTick) return;
    // The first field in error of the page's form (one form per console page), else the error summary.
    const element = document.querySelector('#main-content form');
    (element?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? element?.querySelector<HTMLElement>('[data-error-summary]'))?.focus();
  }, [focusTick]);

  const values = useStore(form.store, (state) => state.values);
  const fieldMeta = useStore(form.store, (state) => state.fieldMeta);
  const formErrors = useStore(form.store, (state) => state.errors);
  const saving = useStore(form.store, (state) => state.isSubmitting);
  const errors = useMemo(() => {
    const found: FieldErrors = {};
    const formError = formErrors.find((e) => typeof e === 'string');
    if (formError) found[''] = formError;
    for (const [path, meta] of Object.entries(fieldMeta) as Array<[string, { errors?: unknown[] } | undefined]>) {
      const first = meta?.errors?.find((e) => typeof e === 'string');
      if (typeof first === 'string') found[path] = first;
    }
    return found;
  }, [fieldMeta, formErrors]);

  /** Clears the errors of `path` (a changed field), or of every field when no path is given. */
  const clearErrors = useCallback(
    (path?: string) => {
      const metas = form.state.fieldMeta as Record<string, { errors?: unknown[] } | undefined>;
      for (const [key, meta] of Object.entries(metas)) {
        if ((path === undefined || key === path) && meta?.errors?.length)
          form.setFieldMeta(key as never, (prev) => ({ ...prev, errorMap: {}, errorSourceMap: {} }));
      }
      if (path === undefined) form.setErrorMap({ onSubmit: undefined, onServer: undefined });
    },
    [form],
  );

  const set = useCallback(
    (path: string, value: unknown) => {
      // Form-level validation runs on submit only; the changed field's own error goes at once.
      form.setFieldValue(path as never, value as never, { dontValidate: true });
      clearErrors(path);
    },
    [form, clearErrors],
  );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    event?.stopPropagation();
    // Every submit checks afresh: errors of the last attempt (the contract's or the server's) do not block it.
    clearErrors();
    await form.handleSubmit();
  };

  const isDirty = useCallback(() => !form.state.isDefaultValue, [form]);

  return { form, values, errors, set, submit, saving, isDirty };
}

/** A field's meta before anything happened to it (for a server error on a field not changed yet). */
const emptyMeta = {
  isValidating: false,
  isTouched: false,
  isBlurred: false,
  isDirty: false,
  errorMap: {},
  errorSourceMap: {},
};
