/**
 * What a challenge card says about an answer in the offline queue: given and waiting to sync with
 * its points pending (or on its way while the queue sends it), and, when the server refused a replayed answer, why.
 */
import { useTranslation } from 'react-i18next';
import { useRefusedAnswer, usePendingAnswer } from '../api/submit-challenge-answer';

/** Props: the pending answer of the card's challenge. */
interface PendingAnswerNoteProps {
  pending: NonNullable<ReturnType<typeof usePendingAnswer>>;
}

/** Renders "Saved — waiting to sync · +20 points pending" (paused offline) or "on its way" (being sent). */
export function PendingAnswerNote({ pending }: PendingAnswerNoteProps) {
  const { t } = useTranslation('challenges');
  const keyword = 'Input' in pending.submission;
  return (
    <p className="detail-summary" role="status">
      <strong>{t(pending.isPaused ? 'queued.waiting' : 'queued.sending')}</strong>{' '}
      {t(keyword ? 'queued.pointsIfRight' : 'queued.points', { count: pending.pendingPoints })}
    </p>
  );
}

/** Props: the card's challenge. */
interface RefusedAnswerNoteProps {
  challengeId: string;
}

/** Renders why the last queued answer to the challenge was refused (too late, or another refusal); else nothing. */
export function RefusedAnswerNote({ challengeId }: RefusedAnswerNoteProps) {
  const { t } = useTranslation('challenges');
  const refusal = useRefusedAnswer(challengeId);
  if (!refusal) return null;
  return (
    <p className="form-error" role="alert">
      {t(refusal === 'AnswerTooLate' ? 'queued.tooLateInline' : 'queued.refusedInline')}
    </p>
  );
}
