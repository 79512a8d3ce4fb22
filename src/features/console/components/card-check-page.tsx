/**
 * `/admin/member-cards`: staff verify a member card. The camera reads the card's QR code (the shared
 * `QrScanner`, loaded when opened), or the code is typed (the short code under the QR code; a keyboard-like
 * hardware scanner types the QR code's text in the same field). The answer says whether the card is valid,
 * suspended or expired, with the member's name, number, rank, member-since date and photo, and a link to their
 * page; a code of no member, or not genuine, is said plainly. Strings in the `console-cards` namespace.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { TextField } from '../../../components/field';
import type { MemberPassVerification } from '../../../contracts/member-pass';
import { readMemberPassCode } from '../../../contracts/member-pass';
import { formatMemberNumber } from '../../../rules/member-pass';
import { useVerifyPass } from '../api/verify-pass';
import { ConsoleHeading } from './console-ui';

const QrScanner = lazy(() => import('../../../components/qr-scanner').then((m) => ({ default: m.QrScanner })));

/** Error codes the page explains; any other error gets the generic text. */
const KNOWN_ERRORS = ['NotFound', 'MemberPassInvalid', 'ValidationFailed', 'TooManyRequests'];

/** Renders the page. */
export function CardCheckPage() {
  const { t } = useTranslation('console-cards');
  const verify = useVerifyPass();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState('');
  const result = useRef<HTMLDivElement>(null);

  const check = (text: string) => verify.mutate(text, { onSettled: () => result.current?.focus() });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!readMemberPassCode(code)) {
      setFieldError(t('form.invalid'));
      return;
    }
    setFieldError('');
    check(code.trim());
    setCode('');
  };

  const onScanned = (text: string) => {
    if (!readMemberPassCode(text)) {
      setScanProblem(t('scan.notCard'));
      return false;
    }
    setScanning(false);
    setScanProblem('');
    check(text);
    return true;
  };

  const errorCode = verify.error instanceof ApiError && KNOWN_ERRORS.includes(verify.error.code) ? verify.error.code : 'other';
  return (
    <div className="console-page">
      <ConsoleHeading title={t('title')} />
      <p className="muted">{t('intro')}</p>
      <section className="stack" aria-labelledby="card-scan">
        <h2 id="card-scan">{t('scan.title')}</h2>
        {scanning ? (
          <Suspense fallback={<p>{t('scan.loading')}</p>}>
            <QrScanner
              className="card-check__video"
              label={t('scan.video')}
              onText={onScanned}
              onUnavailable={() => {
                setScanning(false);
                setScanProblem(t('scan.unavailable'));
              }}
            />
          </Suspense>
        ) : null}
        <div>
          <button
            type="button"
            className="btn btn--secondary"
            aria-pressed={scanning}
            onClick={() => {
              setScanProblem('');
              setScanning((on) => !on);
            }}
          >
            {scanning ? t('scan.stop') : t('scan.start')}
          </button>
        </div>
        {scanProblem ? (
          <p className="field__error" role="alert">
            {scanProblem}
          </p>
        ) : null}
      </section>
      <form className="stack" aria-labelledby="card-type" onSubmit={onSubmit} noValidate>
        <h2 id="card-type">{t('form.title')}</h2>
        <TextField
          label={t('form.label')}
          hint={t('form.hint')}
          error={fieldError}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
        />
        <div>
          <button type="submit" className="btn btn--primary" disabled={verify.isPending}>
            {t('form.submit')}
          </button>
        </div>
      </form>
      <div ref={result} tabIndex={-1} role="status" aria-live="polite" className="card-check__result">
        {verify.isPending ? <p>{t('checking')}</p> : null}
        {verify.isError ? <p className="field__error">{t(`errors.${errorCode}`)}</p> : null}
        {verify.data ? <Verdict verification={verify.data} /> : null}
      </div>
    </div>
  );
}

/** The answer for a genuine card: its status first, then who the member is. */
function Verdict({ verification }: { verification: MemberPassVerification }) {
  const { t, i18n } = useTranslation('console-cards');
  const { member, status } = verification;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (
    <section className={`card-check__verdict card-check__verdict--${status}`} aria-labelledby="card-verdict">
      <h2 id="card-verdict">{t(`status.${status}`)}</h2>
      <p>
        {status === 'suspended'
          ? member.suspendedUntil
            ? t('explain.suspendedUntil', { date: date.format(new Date(member.suspendedUntil)) })
            : t('explain.suspended')
          : t(`explain.${status}`)}
      </p>
      <div className="card-check__member">
        {member.avatarUrl ? <img src={member.avatarUrl} alt="" width={64} height={64} className="card-check__avatar" /> : null}
        <dl className="card-check__facts">
          <div>
            <dt>{t('member.name')}</dt>
            <dd>{member.name || member.email}</dd>
          </div>
          <div>
            <dt>{t('member.number')}</dt>
            <dd>{formatMemberNumber(member.memberNumber)}</dd>
          </div>
          <div>
            <dt>{t('member.rank')}</dt>
            <dd>
              {member.rank} · {member.rankTitle}
            </dd>
          </div>
          <div>
            <dt>{t('member.since')}</dt>
            <dd>{date.format(new Date(member.memberSince))}</dd>
          </div>
        </dl>
      </div>
      <p>
        <Link to="/admin/members/$id" params={{ id: member.id }}>
          {t('member.open')}
        </Link>
      </p>
    </section>
  );
}
