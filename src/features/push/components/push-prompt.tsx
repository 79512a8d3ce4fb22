/**
 * The opt-in prompt for push, opened by the app layer after a meaningful action (a check-in, an
 * answered challenge), never on first load. A modal `<dialog>`: focus moves to its first control and back on
 * close, Escape or "Not now" closes it. The fan chooses topics and turns notifications on; on iPhone/iPad in a
 * Safari tab it explains how to install the app instead; a blocked or unsupported browser is said so.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_TOPICS, type PushTopic } from '../../../contracts/push';
import { pushSupport, subscribeToPush } from '../../../lib/push/push-subscription';
import { notify } from '../../../platform/toasts';
import { IosInstallSteps } from './ios-install-steps';
import { TopicFields } from './topic-fields';
import './push.css';

/** The dialog, open as soon as it mounts; `onDone` runs when it closes, whatever the fan chose. */
export function PushPrompt({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('push');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [topics, setTopics] = useState<PushTopic[]>([...PUSH_TOPICS]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const support = pushSupport();

  useEffect(() => {
    const dialog = dialogRef.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => returnTo?.focus();
  }, []);

  const close = () => dialogRef.current?.close();
  const turnOn = async () => {
    setBusy(true);
    setError(null);
    try {
      await subscribeToPush(topics, i18n.resolvedLanguage ?? 'en');
      notify({ title: t('enabled') });
      close();
    } catch (cause) {
      setError(cause instanceof Error && cause.message === 'denied' ? t('denied') : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="push-prompt"
      aria-labelledby="push-prompt-title"
      aria-describedby="push-prompt-text"
      onClose={onDone}
    >
      <h2 id="push-prompt-title" className="push-prompt__title">
        {support === 'ios-install' ? t('iosTitle') : t('promptTitle')}
      </h2>
      {support === 'ios-install' ? (
        <div id="push-prompt-text">
          <IosInstallSteps />
        </div>
      ) : support === 'available' ? (
        <>
          <p id="push-prompt-text">{t('promptText')}</p>
          <TopicFields value={topics} onChange={setTopics} disabled={busy} />
        </>
      ) : (
        <p id="push-prompt-text">{support === 'denied' ? t('denied') : t('unsupported')}</p>
      )}
      {error ? (
        <p role="alert" className="field__error">
          {error}
        </p>
      ) : null}
      <div className="push-actions">
        <button type="button" className="btn btn--secondary" onClick={close}>
          {support === 'available' ? t('notNow') : t('close')}
        </button>
        {support === 'available' ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void turnOn()}
            disabled={busy || topics.length === 0}
            aria-busy={busy || undefined}
          >
            {t('turnOn')}
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
