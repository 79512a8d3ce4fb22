/** The submit button of every answer form (choice, keyword, trivia question). */
import { useTranslation } from 'react-i18next';

interface SubmitAnswerButtonProps {
  /** An answer is chosen or typed. */
  ready: boolean;
  /** The answer is being sent. */
  pending: boolean;
  online: boolean;
  /** The answer may wait in the offline queue (poll, keyword: `isQueueableAnswer`), so it can be given offline. */
  queueable?: boolean;
  /** The button's text while idle (translated). */
  label: string;
}

/**
 * Renders the button: disabled until an answer is ready and while sending; "Sending…" while sending. Offline, a
 * queued answer is still given (it syncs later); any other answer is held: the button says it needs a connection
 * and is disabled, then sends with one tap once the signal is back.
 */
export function SubmitAnswerButton({ ready, pending, online, queueable = false, label }: SubmitAnswerButtonProps) {
  const { t } = useTranslation('challenges');
  const held = !online && !queueable;
  return (
    <button
      type="submit"
      className="btn btn--primary btn--block btn--lg"
      disabled={!ready || pending || held}
      aria-busy={pending || undefined}
    >
      {pending ? t('detail.submitting') : held ? t('detail.needsConnection') : label}
    </button>
  );
}
