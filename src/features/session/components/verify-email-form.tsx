/**
 * `/login/verify-email` (spec §2): the 6-digit code (`autocomplete="one-time-code"`, numeric keypad), submitted
 * automatically once complete; a wrong code shows an inline error; "Resend code" unlocks after a 30 s countdown.
 * Success stores the token, resets the caches and goes to /dashboard, where the main guard applies the post-login
 * redirect rule (stored path used once) and the new-user rule.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { notify } from '../../../platform/toasts';
import { useCreateSession } from '../api/create-session';
import { useRequestOtp } from '../api/request-otp';
import { signInErrorKey, signInErrorMessage } from '../api-error-message';
import { clearPendingEmail } from '../pending-email';
import { AuthScreen } from './auth-screen';

/** Seconds before "Resend code" is offered again. */
const RESEND_DELAY_SECONDS = 30;

/** Counts down from `seconds` to 0, once per second; `restart()` starts again. */
function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, restart: () => setLeft(seconds) };
}

/** Renders the code step of sign-in for `email`. */
export function VerifyEmailForm({ email }: { email: string }) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const createSession = useCreateSession();
  const requestOtp = useRequestOtp();
  const countdown = useCountdown(RESEND_DELAY_SECONDS);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const lastSubmitted = useRef('');

  const submit = (value: string) => {
    if (createSession.isPending) return;
    if (!/^\d{6}$/.test(value)) {
      setError(t('verify.incomplete'));
      return;
    }
    lastSubmitted.current = value;
    setError('');
    createSession.mutate(
      { email, code: value },
      {
        onSuccess: () => {
          clearPendingEmail();
          void navigate({ to: '/dashboard', replace: true });
        },
        onError: (err) => {
          const message = signInErrorMessage(err);
          setError(t(message.key, message.values));
          inputRef.current?.focus();
          inputRef.current?.select();
        },
      },
    );
  };

  const onChange = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, 6);
    setCode(digits);
    if (error) setError('');
    if (digits.length === 6 && digits !== lastSubmitted.current) submit(digits);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(code);
  };

  const resend = () => {
    requestOtp.mutate(
      { email },
      {
        onSuccess: () => {
          countdown.restart();
          lastSubmitted.current = '';
          notify({ title: t('verify.resent', { email }) });
        },
        onError: (err) => notify({ title: t('verify.resendFailed'), description: t(signInErrorKey(err)), variant: 'destructive' }),
      },
    );
  };

  return (
    <AuthScreen
      back={{ to: '/login', label: t('verify.otherEmail') }}
      title={t('verify.title')}
      intro={
        <p className="code-sent">
          {t('verify.sentTo')} <strong>{email}</strong>
        </p>
      }
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          ref={inputRef}
          label={t('verify.codeLabel')}
          hint={t('verify.codeHint')}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          // The code field is this screen's only task: focusing it on arrival saves a step for keyboard and
          // screen-reader users and lets the OS offer the emailed code.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
          autoFocus
          value={code}
          onChange={(event) => onChange(event.target.value)}
          inputClassName="input--code"
          error={error}
        />
        <Button type="submit" variant="primary" size="lg" block busy={createSession.isPending}>
          {t('verify.submit')}
        </Button>
      </form>
      <div className="row row--between">
        <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
          {countdown.left > 0 ? t('verify.resendIn', { seconds: countdown.left }) : t('verify.noCode')}
        </p>
        <Button variant="ghost" size="sm" onClick={resend} disabled={countdown.left > 0} busy={requestOtp.isPending}>
          {t('verify.resend')}
        </Button>
      </div>
    </AuthScreen>
  );
}
