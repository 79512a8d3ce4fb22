/**
 * The card's rotating code, derived on the device from the pass secret: the time step, the QR code's
 * image (an SVG drawn by the `qrcode` library, loaded with the card) and the short code to type, renewed at each step.
 * The step is read on the server's clock: `offsetMs` is how far the server's clock was ahead of the device's when
 * the pass was fetched, so a phone whose clock is off still shows a current code.
 */
import { useEffect, useState } from 'react';
import type { MemberPass } from '../../contracts/member-pass';
import { useNow } from '../../platform/use-now';
import {
  memberPassQrText,
  memberPassShortCode,
  memberPassStep,
  memberPassStepEnd,
  memberPassToken,
  memberPassTotp,
} from '../../rules/member-pass';

/** What the card shows at one step. */
interface CardCode {
  step: number;
  /** `data:` URL of the QR code's SVG; null while it is drawn, or when the browser cannot sign (no Web Crypto). */
  qrImage: string | null;
  shortCode: string;
  /** Whole seconds until the code rotates. */
  secondsLeft: number;
}

/** The code of `pass` now, refreshed every second (the countdown) and at each step (the code). */
export function useCardCode(pass: MemberPass, offsetMs: number): CardCode {
  const now = new Date(useNow(1000).getTime() + offsetMs);
  const step = memberPassStep(now);
  const [qr, setQr] = useState<{ step: number; image: string | null } | null>(null);

  useEffect(() => {
    let current = true;
    (async () => {
      const token = await memberPassToken(pass.secret, pass.memberNumber, step);
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(memberPassQrText(pass.memberNumber, step, token), {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    })()
      .then((image) => current && setQr({ step, image }))
      .catch(() => current && setQr({ step, image: null }));
    return () => {
      current = false;
    };
  }, [pass.secret, pass.memberNumber, step]);

  return {
    step,
    // The previous step's image stays until the new one is drawn (a few ms): never a blank card.
    qrImage: qr?.image ?? null,
    shortCode: memberPassShortCode(pass.memberNumber, memberPassTotp(pass.secret, step)),
    secondsLeft: Math.max(1, Math.ceil((memberPassStepEnd(step).getTime() - now.getTime()) / 1000)),
  };
}
