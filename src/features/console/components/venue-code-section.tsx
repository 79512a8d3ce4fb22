/**
 * The code of a venue event on its edit page (decisions 0059, 0068): the QR code (drawn by the `qrcode` library as
 * an SVG image) holding the link `/venue?event=&token=` of this app with the step's signed token, the six-digit code
 * to type, and the seconds until they rotate; "Full screen" puts the panel on the big screen. Both are fetched from the
 * operator-only endpoint and refreshed as they rotate. Strings in the `console-venue` namespace.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueQrText } from '../../../rules/venue-checkin';
import { useNow } from '../../../platform/use-now';
import { venueCodeQueryOptions } from '../api/venue-code';

/** The code panel of venue event `id` named `name`. */
export function VenueCodeSection({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('console-venue');
  const query = useQuery(venueCodeQueryOptions(id));
  const now = useNow(1000);
  const panel = useRef<HTMLDivElement>(null);
  const [image, setImage] = useState<string | null>(null);
  const code = query.data;

  useEffect(() => {
    if (!code) return;
    let current = true;
    // The QR library (CommonJS) loads with the first code shown, in its own chunk, not with every console page.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(venueQrText(window.location.origin, code.eventId, code.token), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      )
      .then((svg) => current && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [code]);

  const seconds = code ? Math.max(0, Math.ceil((Date.parse(code.rotatesAt) - now.getTime()) / 1000)) : null;
  return (
    <section className="console-fieldset" aria-labelledby="venue-code-title">
      <h2 id="venue-code-title" className="console-section-title">{t('title')}</h2>
      <p>{t('about')}</p>
      {query.isError ? <p role="alert">{t('error')}</p> : null}
      <div ref={panel} className="venue-code-panel" style={{ background: '#fff', color: '#000', padding: '1rem', textAlign: 'center' }}>
        <p style={{ fontWeight: 600 }}>{name}</p>
        {image ? <img src={image} alt={t('qrAlt', { name })} width={320} height={320} style={{ maxWidth: '100%', height: 'auto' }} /> : null}
        {code ? (
          <>
            <p>
              {t('codeLabel')}{' '}
              <strong data-testid="venue-code" style={{ fontSize: '2.5rem', letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' }}>
                {code.code}
              </strong>
            </p>
            <p aria-hidden="true">{t('rotatesIn', { count: seconds ?? 0 })}</p>
          </>
        ) : (
          <p>{t('loading')}</p>
        )}
      </div>
      <button type="button" className="btn btn--secondary" onClick={() => void panel.current?.requestFullscreen?.().catch(() => undefined)}>
        {t('fullScreen')}
      </button>
    </section>
  );
}
