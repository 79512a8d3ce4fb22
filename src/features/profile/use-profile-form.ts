/**
 * Form state shared by `/welcome` and `/profile/edit` (spec §2, §5): the field values, their errors (i18n keys,
 * see profile-form.ts), change handlers that clear a field's error as the member types, focus on the first field
 * in error, and the mapping of a server refusal to field errors.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import type { FieldError, ProfileField } from './profile-form';

export type ProfileFieldErrors = Partial<Record<ProfileField, FieldError>>;

/** Maps a server refusal to field errors where it names a field (birthday immutable, 409 username taken); else `{}`. */
export function serverFieldErrors(error: unknown): ProfileFieldErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.code === 'BirthdayImmutable') return { birthday: { key: 'validation.birthdayLocked' } };
  if (error.status === 409) return { username: { key: 'validation.usernameTaken' } };
  return {};
}

/** Moves focus to the input named after the first of `order` that has an error (screen readers then read it). */
export function focusFirstError(errors: ProfileFieldErrors, order: readonly ProfileField[]): void {
  const first = order.find((field) => errors[field]);
  if (first) document.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}

/**
 * State of a profile form over the fields of `initial` (strings as typed).
 * Returns `values`, `errors`, `setErrors`, `onChange(field)` (an input `onChange` handler) and `message(field)` (the
 * translated error of a field, or undefined).
 */
export function useProfileForm<F extends ProfileField>(initial: () => Record<F, string>) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<ProfileFieldErrors>({});

  const onChange = (field: F) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const message = (field: F): string | undefined => {
    const error = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };
  return { values, errors, setErrors, onChange, message };
}
