/**
 * The fields `/welcome` and `/profile/edit` both ask for, written once: the username (its rule as the hint) and
 * the birthday, read-only once set (ARCHITECTURE §5).
 */
import type { ChangeEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/field';

/** A controlled field: its value, change handler and translated error (undefined when valid). */
interface FieldProps {
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error: string | undefined;
  required?: boolean;
}

/** Renders the username field with its hint. */
export function UsernameField({ value, onChange, error, required }: FieldProps) {
  const { t } = useTranslation('profile');
  return (
    <TextField
      label={t('fields.username')}
      hint={t('hints.username')}
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required={required}
      value={value}
      onChange={onChange}
      error={error}
      maxLength={30}
    />
  );
}

/** Renders the birthday date field labelled `label`; `locked` (a birthday is stored) makes it read-only. */
export function BirthdayField({ label, locked, value, onChange, error }: FieldProps & { label: string; locked: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <TextField
      label={label}
      hint={locked ? t('hints.birthdayLocked') : t('hints.birthday')}
      name="birthday"
      type="date"
      autoComplete="bday"
      value={value}
      onChange={onChange}
      readOnly={locked}
      aria-readonly={locked || undefined}
      error={error}
    />
  );
}
