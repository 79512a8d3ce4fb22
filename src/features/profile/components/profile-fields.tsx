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

/** The username input's fixed attributes: typed as is (no capitals, no spelling help), at most 30 characters. */
const USERNAME_INPUT = { name: 'username', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, maxLength: 30 } as const;

/** Renders the username field with its hint. */
export function UsernameField(field: FieldProps) {
  const { t } = useTranslation('profile');
  return <TextField label={t('fields.username')} hint={t('hints.username')} {...USERNAME_INPUT} {...field} />;
}

/** Renders the birthday date field labelled `label`; `locked` (a birthday is stored) makes it read-only. */
export function BirthdayField({ label, locked, ...field }: FieldProps & { label: string; locked: boolean }) {
  const { t } = useTranslation('profile');
  const hint = locked ? t('hints.birthdayLocked') : t('hints.birthday');
  return (
    <TextField
      label={label}
      hint={hint}
      name="birthday"
      type="date"
      autoComplete="bday"
      readOnly={locked}
      aria-readonly={locked || undefined}
      {...field}
    />
  );
}
