/**
 * `/welcome` (spec §2): onboarding for a new user — first name, username and birthday — saved with
 * `PATCH /user/me`, then on to /dashboard.
 */
import type { FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import type { User } from '../../../contracts/user';
import { notify } from '../../../platform/toasts';
import { useUpdateProfile } from '../api/update-profile';
import { requiredWelcomeErrors, toProfileUpdate, validateProfileUpdate } from '../profile-form';
import { BirthdayField, UsernameField } from './profile-fields';
import { focusFirstError, serverFieldErrors, useProfileForm, type ProfileFieldErrors } from '../use-profile-form';

/** Renders the onboarding form for `user`. */
export function WelcomeForm({ user, organizationName }: { user: User | null | undefined; organizationName: string }) {
  if (!user) return <PageSpinner />;
  return <WelcomeFormInner user={user} organizationName={organizationName} />;
}

function WelcomeFormInner({ user, organizationName }: { user: User; organizationName: string }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const {
    values,
    setErrors,
    onChange: set,
    message,
  } = useProfileForm(() => ({
    firstName: user.firstName ?? '',
    username: user.username ?? '',
    birthday: user.birthday ?? '',
  }));
  const birthdayLocked = Boolean(user.birthday);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toProfileUpdate(values, { storedBirthday: user.birthday });
    const result = validateProfileUpdate(body);
    const allErrors: ProfileFieldErrors = { ...(result.ok ? {} : result.errors), ...requiredWelcomeErrors(values) };
    if (!result.ok || Object.keys(allErrors).length > 0) {
      setErrors(allErrors);
      focusFirstError(allErrors, ['firstName', 'username', 'birthday']);
      return;
    }
    update.mutate(result.data, {
      onSuccess: () => void navigate({ to: '/dashboard', replace: true }),
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        notify({ title: t('edit.failed'), description: t('edit.failedHint'), variant: 'destructive' });
      },
    });
  };

  return (
    <Page title={t('welcome.title', { name: organizationName })}>
      <p className="muted" style={{ marginTop: 'calc(-1 * var(--space-3))' }}>
        {t('welcome.intro')}
      </p>
      <form className="form card" style={{ padding: 'var(--space-5)' }} noValidate onSubmit={onSubmit}>
        <TextField
          label={t('fields.firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={set('firstName')}
          error={message('firstName')}
          maxLength={60}
        />
        <UsernameField required value={values.username} onChange={set('username')} error={message('username')} />
        <BirthdayField
          label={t('fields.birthdayOptional')}
          locked={birthdayLocked}
          value={values.birthday}
          onChange={set('birthday')}
          error={message('birthday')}
        />
        <Button type="submit" variant="primary" size="lg" block busy={update.isPending}>
          {t('welcome.submit')}
        </Button>
      </form>
    </Page>
  );
}
