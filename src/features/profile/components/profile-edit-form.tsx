/**
 * `/profile/edit` (spec §2, §5): every PATCH field; empty phone/birthday sent as null; the birthday is read-only
 * once set (ARCHITECTURE §5); inline validation messages from the shared zod schema; success toast, error
 * destructive toast.
 */
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import type { User } from '../../../contracts/user';
import { notify } from '../../../platform/toasts';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_FIELDS, profileFormValues, toProfileUpdate, validateProfileUpdate } from '../profile-form';
import { BirthdayField, UsernameField } from './profile-fields';
import { focusFirstError, serverFieldErrors, useProfileForm } from '../use-profile-form';

/** Renders the edit form for `user`; `extra` (e.g. avatar and consent sections) follows the form on the page. */
export function ProfileEditForm({ user, extra }: { user: User | null | undefined; extra?: ReactNode }) {
  if (!user) return <PageSpinner />;
  return <ProfileEditFormInner user={user} extra={extra} />;
}

function ProfileEditFormInner({ user, extra }: { user: User; extra?: ReactNode }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const { values, setErrors, onChange: set, message } = useProfileForm(() => profileFormValues(user));
  const birthdayLocked = Boolean(user.birthday);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toProfileUpdate(values, { storedBirthday: user.birthday });
    const result = validateProfileUpdate(body);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(result.errors, PROFILE_FIELDS);
      return;
    }
    update.mutate(result.data, {
      onSuccess: () => {
        notify({ title: t('edit.saved') });
        void navigate({ to: '/profile' });
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        notify({ title: t('edit.failed'), description: t('edit.failedHint'), variant: 'destructive' });
      },
    });
  };

  return (
    <Page title={t('edit.title')}>
      <form className="form card" style={{ padding: 'var(--space-5)' }} noValidate onSubmit={onSubmit}>
        <div className="grid-2">
          <TextField
            label={t('fields.firstName')}
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={set('firstName')}
            error={message('firstName')}
            maxLength={60}
          />
          <TextField
            label={t('fields.lastName')}
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={set('lastName')}
            error={message('lastName')}
            maxLength={60}
          />
        </div>
        <UsernameField value={values.username} onChange={set('username')} error={message('username')} />
        <TextField
          label={t('fields.phoneNumber')}
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={values.phoneNumber}
          onChange={set('phoneNumber')}
          error={message('phoneNumber')}
          maxLength={20}
        />
        <TextField
          label={t('fields.zipCode')}
          name="zipCode"
          autoComplete="postal-code"
          value={values.zipCode}
          onChange={set('zipCode')}
          error={message('zipCode')}
          maxLength={12}
        />
        <BirthdayField
          label={t('fields.birthday')}
          locked={birthdayLocked}
          value={values.birthday}
          onChange={set('birthday')}
          error={message('birthday')}
        />
        <div className="row row--between">
          <Link to="/profile" className="btn btn--ghost">
            {t('edit.cancel')}
          </Link>
          <Button type="submit" variant="primary" busy={update.isPending}>
            {t('edit.save')}
          </Button>
        </div>
      </form>
      {extra}
    </Page>
  );
}
