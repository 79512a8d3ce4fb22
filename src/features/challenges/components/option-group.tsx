/**
 * A radio group of answer options (poll, pick'em, arcade, trivia question): native radio inputs in a fieldset,
 * so arrow keys move the choice and screen readers announce "n of m". Styled as large tappable cards.
 * After an answer the chosen option can be marked correct / incorrect.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChallengeOption } from '../../../contracts/challenge';
import { mediaUrl as getMediaUrl } from '../../../api/media';
import { ChallengeIcon } from './challenge-icons';

/** Props of {@link OptionGroup}. */
interface OptionGroupProps {
  legend: React.ReactNode;
  /** Hide the legend visually (it stays the group's accessible name). */
  legendHidden?: boolean;
  options: ChallengeOption[];
  /** Selected option index, or null. */
  value: number | null;
  onChange?: (index: number) => void;
  /** Read-only (answered, expired, submitting). */
  disabled?: boolean;
  /** Show each option's points. */
  showPoints?: boolean;
  /** Verdict of the selected option once known (trivia, arcade, keyword), else null. */
  verdict?: boolean | null;
  /** Index of the correct option once known (resolved pick'em / arcade), else null. */
  correctIndex?: number | null;
  /** Label appended to the member's own option when read-only (e.g. "Your answer"). */
  yourAnswerLabel?: string;
}

/** Renders the fieldset of options. */
export function OptionGroup({
  legend,
  legendHidden,
  options,
  value,
  onChange,
  disabled,
  showPoints,
  verdict = null,
  correctIndex = null,
  yourAnswerLabel,
}: OptionGroupProps) {
  const { t } = useTranslation('challenges');
  const name = useId();
  return (
    <fieldset className="option-group" disabled={disabled}>
      <legend className={legendHidden ? 'visually-hidden' : 'option-group__legend'}>{legend}</legend>
      {options.map((option) => {
        const selected = value === option.index;
        const isCorrect = correctIndex === option.index || (selected && verdict === true);
        const isWrong = selected && verdict === false;
        const image = getMediaUrl(option.mediaId);
        const classes = ['option', selected && 'option--selected', isCorrect && 'option--correct', isWrong && 'option--wrong']
          .filter(Boolean)
          .join(' ');
        return (
          <label key={option.index} className={classes}>
            <input
              type="radio"
              name={name}
              value={option.index}
              checked={selected}
              onChange={() => onChange?.(option.index)}
              className="option__input"
            />
            {image ? <img className="option__image" src={image} alt="" loading="lazy" width={48} height={48} /> : null}
            <span className="option__text">
              {option.text}
              {disabled && selected && yourAnswerLabel ? <span className="option__tag">{yourAnswerLabel}</span> : null}
              {isCorrect && !selected ? <span className="option__tag">{t('detail.correctAnswer')}</span> : null}
            </span>
            {showPoints && option.points > 0 ? <span className="option__points">{t('pointsShort', { count: option.points })}</span> : null}
            {isCorrect ? <ChallengeIcon name="check" className="option__mark" /> : null}
            {isWrong ? <ChallengeIcon name="cross" className="option__mark" /> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
