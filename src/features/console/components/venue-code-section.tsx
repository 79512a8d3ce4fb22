/**
 * The code of a venue event on its edit page (decisions 0059, 0068, 0079): the QR code (drawn by the `qrcode` library
 * as an SVG image) holding the link `/venue?event=&token=` of this app with the step's signed token, the six-digit
 * code to type, and the seconds until they rotate. "Full screen" opens the big screen (`VenueBigScreen`). The code
 * turns over by itself at `rotatesAt` (the answer carries the next one) and is fetched again as it rotates. Strings in
 * the `console-venue` namespace.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueQrText } from '../../../rules/venue-checkin';
import { useNow } from '../../../platform/use-now';
import { shownVenueCode, venueCodeQueryOptions } from '../api/venue-code';
import { VenueBigScreen } from './venue-big-screen';

/**
 * The QR code of `token` for event `eventId`, as an SVG data URL (null until drawn, or when drawing failed).
 * The QR library (CommonJS) loads with the first code shown, in its own chunk, not with every console page.
 */
function useQrImage(eventId: string | undefined, token: string | undefined): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!eventId || !token) return;
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(venueQrText(window.location.origin, eventId, token), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      )
      .then((svg) => current && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [eventId, token]);
  return image;
}

/** The code panel of venue event `id` named `name`. */
export function VenueCodeSection({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('console-venue');
  const query = useQuery(venueCodeQueryOptions(id));
  const now = useNow(1000);
  const [bigScreen, setBigScreen] = useState(false);
  const shown = query.data ? shownVenueCode(query.data, now.getTime()) : null;
  const image = useQrImage(query.data?.eventId, shown?.token);

  const seconds = shown ? Math.max(0, Math.ceil((Date.parse(shown.rotatesAt) - now.getTime()) / 1000)) : null;
  return (
    <section className="console-fieldset" aria-labelledby="venue-code-title">
      <h2 id="venue-code-title" className="console-section-title">
        {t('title')}
      </h2>
      <p>{t('about')}</p>
      {query.isError ? <p role="alert">{t('error')}</p> : null}
      <div className="venue-code-panel">
        <p className="venue-code-panel__name">{name}</p>
        {image ? <img src={image} alt={t('qrAlt', { name })} width={320} height={320} className="venue-code-panel__qr" /> : null}
        {shown ? (
          <>
            <p>
              {t('codeLabel')}{' '}
              <strong data-testid="venue-code" className="venue-code-panel__code">
                {shown.code}
              </strong>
            </p>
            <p aria-hidden="true">{t('rotatesIn', { count: seconds ?? 0 })}</p>
          </>
        ) : (
          <p>{t('loading')}</p>
        )}
      </div>
      <button type="button" className="btn btn--secondary" onClick={() => setBigScreen(true)} disabled={!shown}>
        {t('fullScreen')}
      </button>
      {bigScreen && shown ? (
        <VenueBigScreen name={name} code={shown.code} qrImage={image} seconds={seconds ?? 0} onClose={() => setBigScreen(false)} />
      ) : null}
    </section>
  );
}
