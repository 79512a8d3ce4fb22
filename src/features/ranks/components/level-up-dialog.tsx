/**
 * The level-up moment (spec §4: "a rank change after a user refetch sets a leveling-up flag"; ARCHITECTURE §4).
 * Mounted once in the root layout. Watches the current user; when a refetch brings a higher rank for the same
 * user it opens a modal `<dialog>` celebrating the new rank. Focus moves into the dialog (its button) and back
 * to where it was on close; Escape closes it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../../lib/organization/get-organization';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { detectLevelUp, type LevelUp, type RankSnapshot } from '../level-up';
import { getRankProgress } from '../../../rules/rank';
import './ranks.css';

/**
 * Tracks the current user's rank across refetches.
 * @returns the pending level-up (the "leveling-up flag"), and a function to clear it
 */
function useLevelUp(): [LevelUp | null, () => void] {
  const { data: user } = useCurrentUser();
  const previous = useRef<RankSnapshot | null>(null);
  const [levelUp, setLevelUp] = useState<LevelUp | null>(null);
  const userId = user?.userId;
  const rank = user?.rank;
  useEffect(() => {
    const next = userId && rank ? { userId, rank } : null;
    const detected = detectLevelUp(previous.current, next);
    previous.current = next;
    if (detected) setLevelUp(detected);
    else if (!next) setLevelUp(null);
  }, [userId, rank]);
  return [levelUp, () => setLevelUp(null)];
}

/** The celebration dialog; renders nothing visible until a level-up happens. */
export function LevelUpDialog() {
  const { t, i18n } = useTranslation('ranks');
  const [levelUp, clear] = useLevelUp();
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !levelUp || dialog.open) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
  }, [levelUp]);

  const onClose = () => {
    clear();
    // The element that had focus may have gone (e.g. the submit button of an answered challenge): fall back to
    // the page heading.
    const target = returnFocus.current?.isConnected
      ? returnFocus.current
      : document.querySelector<HTMLElement>('main h1[tabindex="-1"], h1[tabindex="-1"]');
    target?.focus();
    returnFocus.current = null;
  };

  const ranks = organization?.ranks ?? [];
  const reached = ranks.find((r) => r.name === levelUp?.to);
  const progress = user ? getRankProgress(ranks, user.lifetimePoints, user.rank) : null;
  // Built only when the dialog has something to say: a first number formatter loads locale data, a long task on a
  // phone, and this component is mounted on every page.
  const formatPoints = (points: number) => new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(points);

  return (
    // The backdrop click is a pointer shortcut; keyboard users close the modal with Escape or Continue.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={dialogRef}
      className="level-up"
      aria-labelledby="level-up-title"
      aria-describedby="level-up-text"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {levelUp ? (
        <form method="dialog" className="stack stack--center level-up__content">
          <div className="level-up__burst" aria-hidden="true">
            <span className="level-up__code">{levelUp.to}</span>
          </div>
          <p className="eyebrow">{t('levelUp.eyebrow')}</p>
          <h2 id="level-up-title" className="level-up__title">
            {t('levelUp.title')}
          </h2>
          <p id="level-up-text" className="level-up__text">
            {reached
              ? t('levelUp.textWithTitle', { rank: levelUp.to, title: reached.title, from: levelUp.from })
              : t('levelUp.text', { rank: levelUp.to, from: levelUp.from })}
          </p>
          {progress?.next ? (
            <p className="muted">
              {t('toNext', {
                count: progress.pointsToNext,
                points: formatPoints(progress.pointsToNext),
                rank: progress.next.name,
                title: progress.next.title,
              })}
            </p>
          ) : progress ? (
            <p className="muted">{t('topRank')}</p>
          ) : null}
          {/* A modal moves focus into itself on open (WAI-ARIA dialog pattern); showModal() honours autofocus. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- see above */}
          <button type="submit" className="btn btn--primary btn--block btn--lg" autoFocus>
            {t('levelUp.continue')}
          </button>
        </form>
      ) : null}
    </dialog>
  );
}
