/**
 * The venue code on the big screen: a modal `<dialog>` put in full screen (Fullscreen API; where the
 * browser refuses, it still fills the window), in the organization's colours with its logo and name, the event's
 * name, the QR code as large as the screen allows, the six digits in type readable from the stands, and the seconds
 * until they change. It shows whatever code it is given, so it turns over with the console's panel. Escape or "Exit
 * full screen" closes it, and focus goes back to the button that opened it. Strings in `console-venue`.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import { useOrganization } from '../../../lib/organization/get-organization';

/** Props: the event's name, the code and QR image to show, seconds until they change, and what closing does. */
interface VenueBigScreenProps {
  name: string;
  code: string;
  qrImage: string | null;
  seconds: number;
  onClose: () => void;
}

/** Renders the big screen, open from mount to close. */
export function VenueBigScreen({ name, code, qrImage, seconds, onClose }: VenueBigScreenProps) {
  const { t } = useTranslation('console-venue');
  const { data: organization } = useOrganization();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.requestFullscreen?.().catch(() => undefined);
    // Leaving full screen (Escape, the browser's own control) ends the big screen too.
    const onFullscreenChange = () => {
      if (!document.fullscreenElement && dialog.open) dialog.close();
    };
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      if (document.fullscreenElement === dialog) void document.exitFullscreen().catch(() => undefined);
      opener?.focus();
    };
  }, []);

  const logo = mediaUrl(organization?.logoMediaId);
  return (
    <dialog ref={dialogRef} className="venue-screen" aria-labelledby="venue-screen-title" onClose={onClose}>
      <header className="venue-screen__brand">
        {logo ? <img src={logo} alt="" className="venue-screen__logo" /> : null}
        <span>{organization?.name}</span>
      </header>
      <h2 id="venue-screen-title" className="venue-screen__event">
        {name}
      </h2>
      <div className="venue-screen__qr-frame">
        {qrImage ? <img src={qrImage} alt={t('qrAlt', { name })} className="venue-screen__qr" /> : null}
      </div>
      <p className="venue-screen__code-line">
        <span className="venue-screen__code-label">{t('screenCodeLabel')}</span>
        <strong className="venue-screen__code" data-testid="venue-screen-code">
          {code}
        </strong>
      </p>
      <p className="venue-screen__countdown" aria-hidden="true">
        {t('rotatesIn', { count: seconds })}
      </p>
      <button type="button" className="btn btn--secondary venue-screen__exit" onClick={() => dialogRef.current?.close()}>
        {t('exitFullScreen')}
      </button>
    </dialog>
  );
}
