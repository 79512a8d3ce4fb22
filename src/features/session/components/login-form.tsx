/**
 * `/login` (spec §2): an e-mail field (type=email); submitting sends a sign-in code (`POST /session/otp`) and goes to
 * /login/verify-email. The address travels in sessionStorage, not in the URL. A `redirect` path (`/login?redirect=`)
 * becomes the post-login path once the code is sent, so that the main guard goes there after sign-in.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { useRequestOtp } from '../api/request-otp';
import { signInErrorKey } from '../api-error-message';
import { getPendingEmail, setPendingEmail } from '../pending-email';
import { setPostLoginRedirect } from '../post-login-redirect';
import { AuthScreen } from './auth-screen';

/**
 * The e-mail contract (zod and the session schemas: a chunk that costs a phone a long task to evaluate), loaded when
 * the visitor first focuses the field or submits, not with the first screen.
 */
const loadEmailSchema = () => import('../../../contracts/session').then((m) => m.EmailSchema);

/**
 * Renders the e-mail step of sign-in; `redirect`: a same-origin path to come back to after sign-in, if any;
 * `invitation`: what the visitor was invited to, under the intro (composed by the app layer).
 */
export function LoginForm({ redirect, invitation }: { redirect?: string; invitation?: ReactNode }) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const requestOtp = useRequestOtp();
  const [email, setEmail] = useState(() => getPendingEmail() ?? '');
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError('');
    const parsed = (await loadEmailSchema()).safeParse(email);
    if (!parsed.success) {
      setFieldError(t('login.invalidEmail'));
      return;
    }
    setFieldError('');
    requestOtp.mutate(
      { email: parsed.data },
      {
        onSuccess: () => {
          setPendingEmail(parsed.data);
          if (redirect) setPostLoginRedirect(redirect);
          void navigate({ to: '/login/verify-email' });
        },
        onError: (error) => setFormError(t(signInErrorKey(error))),
      },
    );
  };

  return (
    <AuthScreen
      back={{ to: '/', label: t('back') }}
      title={t('login.title')}
      intro={
        <>
          <p className="muted">{t('login.intro')}</p>
          {invitation}
        </>
      }
    >
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby="login-form-error">
        <TextField
          label={t('login.emailLabel')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={() => void loadEmailSchema()}
          placeholder={t('login.emailPlaceholder')}
          error={fieldError}
        />
        <p className="form-error" id="login-form-error" role="alert">
          {formError}
        </p>
        <Button type="submit" variant="primary" size="lg" block busy={requestOtp.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
        {t('login.privacy')}
      </p>
    </AuthScreen>
  );
}
