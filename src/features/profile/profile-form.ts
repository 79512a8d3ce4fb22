/**
 * Profile form rules (spec §5 "Profile save sends phoneNumber and birthday as null when empty"; ARCHITECTURE §5
 * birthday immutable once set). Pure: form values -> `PATCH /user/me` body, and zod issues -> per-field message
 * keys (translated by the form).
 */
import type { z } from 'zod';
import { UserUpdateSchema, type User, type UserUpdate } from '../../contracts/user';

/** Editable fields, in form order. */
export const PROFILE_FIELDS = ['firstName', 'lastName', 'username', 'phoneNumber', 'zipCode', 'birthday'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
type ProfileFormValues = Record<ProfileField, string>;

/** A field error: an i18n key in the `profile` namespace and its interpolation values. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

/** Form values from the current user (null -> ''). */
export function profileFormValues(user: Pick<User, ProfileField>): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    phoneNumber: user.phoneNumber ?? '',
    zipCode: user.zipCode ?? '',
    birthday: user.birthday ?? '',
  };
}

/**
 * Builds the PATCH body from the given fields. Empty text is sent as null (phoneNumber and birthday per spec §5;
 * the other optional texts alike). A birthday already stored is never sent (it cannot change).
 */
export function toProfileUpdate(values: Partial<ProfileFormValues>, options: { storedBirthday?: string | null } = {}): UserUpdate {
  const body: Record<string, string | null> = {};
  for (const field of PROFILE_FIELDS) {
    const raw = values[field];
    if (raw === undefined) continue;
    if (field === 'birthday' && options.storedBirthday) continue;
    const trimmed = raw.trim();
    body[field] = trimmed === '' ? null : trimmed;
  }
  return body as UserUpdate;
}

function issueToError(issue: z.core.$ZodIssue): FieldError {
  const field = String(issue.path[0] ?? '');
  switch (issue.code) {
    case 'too_small':
      return { key: 'validation.tooShort', values: { min: Number(issue.minimum) } };
    case 'too_big':
      return { key: 'validation.tooLong', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (field === 'username') return { key: 'validation.usernameFormat' };
      if (field === 'phoneNumber') return { key: 'validation.phoneFormat' };
      if (field === 'birthday') return { key: 'validation.birthdayFormat' };
      return { key: 'validation.invalid' };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * Validates a PATCH body with the shared `UserUpdateSchema`, plus: a birthday may not be in the future.
 * Returns `{ok: true, data}` or `{ok: false, errors}` with the first error of each field.
 */
export function validateProfileUpdate(
  body: UserUpdate,
  today: Date = new Date(),
): { ok: true; data: UserUpdate } | { ok: false; errors: Partial<Record<ProfileField, FieldError>> } {
  const errors: Partial<Record<ProfileField, FieldError>> = {};
  const parsed = UserUpdateSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ProfileField;
      if (field && !errors[field]) errors[field] = issueToError(issue);
    }
  }
  if (body.birthday && !errors.birthday) {
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    if (body.birthday > iso) errors.birthday = { key: 'validation.birthdayFuture' };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: parsed.success ? parsed.data : body };
}

/** Required fields of onboarding (/welcome): first name and username. Returns their errors ('validation.required'). */
export function requiredWelcomeErrors(
  values: Pick<ProfileFormValues, 'firstName' | 'username'>,
): Partial<Record<ProfileField, FieldError>> {
  const errors: Partial<Record<ProfileField, FieldError>> = {};
  if (!values.firstName.trim()) errors.firstName = { key: 'validation.required' };
  if (!values.username.trim()) errors.username = { key: 'validation.required' };
  return errors;
}
