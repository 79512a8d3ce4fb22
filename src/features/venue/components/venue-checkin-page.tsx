/**
 * `/venue` (decisions 0059, 0068): the fan checks in at the venue by scanning the QR code on the big screen (the
 * camera scanner is a chunk of its own, loaded when the fan opens it) or typing its six digits. With no signal the
 * scan is queued with its time and sent when the network returns (`venueCheckinAction`); the page says so, and says
 * that a typed code needs a connection (it counts only at the server's time) while a QR scan works offline. A link
 * from the QR code read by the phone's own camera (`/venue?event=&token=`) checks in at once. Below: the venues
 * attended.
 */
import { useMutationState } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/field';
import { Page } from '../../../components/page';
import { ApiError } from '../../../api/errors';
import type { VenueCheckinResult } from '../../../contracts/venue';
import { VENUE_CODE_DIGITS } from '../../../contracts/venue';
import { readVenueQrText } from '../../../rules/venue-checkin';
import { venueCheckinAction } from '../api/check-in-at-venue';
import { VenuesAttended } from './venues-attended';
import './venue.css';

const QrScanner = lazy(() => import('../../../components/qr-scanner').then((m) => ({ default: m.QrScanner })));

/** Error codes the page explains; any other error gets the generic text. */
const KNOWN_ERRORS = [
  'VenueCodeInvalid',
  'VenueCodeExpired',
  'VenueClosed',
  'VenueScanTime',
  'VenueScanLate',
  'TooManyRequests',
  'NotFound',
  'ValidationFailed',
];

interface VenueCheckinPageProps {
  /** The event and token of a QR link that opened the page, checked in at once. */
  link?: { eventId: string; token: string };
  /** Called once the link's scan has started, so a reload does not send it again. */
  onLinkUsed?: () => void;
}

/**
 * The latest venue scan in the mutation cache, whichever screen made it: one made here, or one queued before a
 * reload and replayed since (the page shows how it ended). Undefined before any scan.
 */
function useLatestScan() {
  const scans = useMutationState({
    filters: { mutationKey: venueCheckinAction.mutationKey },
    select: (m) => ({
      status: m.state.status,
      isPaused: m.state.isPaused,
      data: m.state.data as VenueCheckinResult | undefined,
      error: m.state.error,
      submittedAt: m.state.submittedAt,
      typed: typeof m.state.variables === 'object' && m.state.variables !== null && 'code' in m.state.variables,
    }),
  });
  return scans.reduce<(typeof scans)[number] | undefined>(
    (latest, scan) => (!latest || scan.submittedAt >= latest.submittedAt ? scan : latest),
    undefined,
  );
}

/** Renders the page. */
export function VenueCheckinPage({ link, onLinkUsed }: VenueCheckinPageProps) {
  const { t } = useTranslation('venue');
  const { run } = venueCheckinAction.useAction();
  const latest = useLatestScan();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState('');
  const linkUsed = useRef(false);

  useEffect(() => {
    if (!link || linkUsed.current) return;
    linkUsed.current = true;
    run(link);
    onLinkUsed?.();
  }, [link, run, onLinkUsed]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!new RegExp(`^\\d{${VENUE_CODE_DIGITS}}$`).test(digits)) {
      setFieldError(t('form.invalid', { count: VENUE_CODE_DIGITS }));
      return;
    }
    setFieldError('');
    run({ code: digits });
    setCode('');
  };

  const onScanned = (text: string) => {
    const scanned = readVenueQrText(text);
    if (!scanned) {
      setScanProblem(t('scan.notVenue'));
      return false;
    }
    setScanning(false);
    setScanProblem('');
    run(scanned);
    return true;
  };

  const error = latest?.status === 'error' ? latest.error : null;
  const data = latest?.status === 'success' ? latest.data : undefined;
  const errorCode = error instanceof ApiError && KNOWN_ERRORS.includes(error.code) ? error.code : 'other';
  let status: string | null = null;
  if (latest?.status === 'pending')
    status = latest.isPaused ? t(latest.typed ? 'status.queuedTyped' : 'status.queued') : t('status.sending');
  else if (data)
    status = data.created
      ? t('status.done', { venue: data.venue, name: data.name, count: data.pointsAwarded })
      : t('status.already', { venue: data.venue });
  else if (error) status = t(`errors.${errorCode}`);

  return (
    <Page title={t('title')}>
      <div className="stack stack--lg">
        <p>{t('intro')}</p>
        <section className="card" aria-labelledby="venue-scan">
          <div className="card__body stack">
            <h2 className="section__title" id="venue-scan">
              {t('scan.title')}
            </h2>
            {scanning ? (
              <Suspense fallback={<p>{t('scan.loading')}</p>}>
                <QrScanner
                  className="venue-scanner"
                  label={t('scan.video')}
                  onText={onScanned}
                  onUnavailable={() => {
                    setScanning(false);
                    setScanProblem(t('scan.unavailable'));
                  }}
                />
              </Suspense>
            ) : null}
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
            {scanProblem ? (
              <p className="field__error" role="alert">
                {scanProblem}
              </p>
            ) : null}
          </div>
        </section>
        <form className="card" aria-labelledby="venue-type" onSubmit={onSubmit} noValidate>
          <div className="card__body stack">
            <h2 className="section__title" id="venue-type">
              {t('form.title')}
            </h2>
            <TextField
              label={t('form.label')}
              hint={t('form.hint', { count: VENUE_CODE_DIGITS })}
              error={fieldError}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VENUE_CODE_DIGITS + 2}
              inputClassName="venue-code-input"
            />
            <button type="submit" className="btn btn--primary">
              {t('form.submit')}
            </button>
          </div>
        </form>
        <p className={error ? 'venue-status venue-status--error' : 'venue-status'} role="status" aria-live="polite">
          {status}
        </p>
        <VenuesAttended />
      </div>
    </Page>
  );
}
