/** The submit button of every answer form (choice, keyword, trivia question). */
import { useTranslation } from 'react-i18next';

interface SubmitAnswerButtonProps {
  /** An answer is chosen or typed. */
  ready: boolean;
  /** The answer is being sent. */
  pending: boolean;
  online: boolean;
  /** The button's text while idle (translated). */
  label: string;
}

/** Renders the button: disabled until an answer is ready, while sending and offline; "Submitting…" while sending. */
export function SubmitAnswerButton({ ready, pending, online, label }: SubmitAnswerButtonProps) {
  const { t } = useTranslation('challenges');
  return (
    <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={!ready || pending || !online} aria-busy={pending || undefined}>
      {pending ? t('detail.submitting') : label}
    </button>
  );
}
