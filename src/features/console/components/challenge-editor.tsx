/**
 * `/admin/challenges/{id}` (`new`, or `new?from={id}` to duplicate): the challenge editor. Every subtype: poll,
 * pick'em and arcade (options with points; the right option of an arcade, the result of a pick'em), trivia
 * (several questions, each with its options and right answer) and keyword (accepted answers); English and French
 * side by side; scheduling in the organization's time zone ("now" in one click); draft; duplicate as new; delete
 * (archived instead when members answered). Checked with the shared `ChallengeInputSchema` before sending. Beside
 * the form, a live preview of the fan app's card, rendered by the route (the card belongs to the challenges
 * feature) through `renderPreview`.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { AdminChallengeResponseSchema, ChallengeInputSchema, type AdminChallenge } from '../../../contracts/admin/challenge';
import { CHALLENGE_SUBTYPES, type Challenge } from '../../../contracts/challenge';
import { Spinner } from '../../../components/spinner';
import { adminItemQueryOptions, useSaveItem } from '../api/admin-api';
import { challengeBody, challengeValues, emptyQuestion, newChallengeValues, previewChallenge } from '../form/challenge-form';
import { nowZonedInput, fromZonedInput } from '../form/datetime';
import { type FieldSpec } from '../form/fields';
import { useConsoleForm } from '../form/use-console-form';
import { ConsoleHeading, ErrorSummary, StatusBadge, useFieldName } from './console-ui';
import { useFieldControls } from './form-controls';
import { ChallengeResultSection, takesResult } from './challenge-result';
import { DeleteButton, useOrganizationContext } from './item-actions';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useConsoleText } from './use-console-text';

/** Renders the fan app's card of a challenge (given by the route). */
type RenderChallengePreview = (challenge: Challenge) => ReactNode;

interface ChallengeEditorProps {
  /** The challenge's id, or `new`. */
  id: string;
  /** With `new`: the id of the challenge to copy. */
  from?: string;
  renderPreview: RenderChallengePreview;
}

/** Loads the challenge (or the one to copy) and renders its form. */
export function ChallengeEditor({ id, from, renderPreview }: ChallengeEditorProps) {
  const { t } = useConsoleText();
  const source = id === 'new' ? from : id;
  const query = useQuery({
    ...adminItemQueryOptions<AdminChallenge>('challenges', source ?? '', AdminChallengeResponseSchema),
    enabled: Boolean(source),
  });
  if (source && query.isPending) return <Spinner label={t('list.loading')} />;
  if (source && query.isError) return <p role="alert">{t('form.loadFailed')}</p>;
  const item = source ? (query.data ?? null) : null;
  return (
    <ChallengeForm
      key={`${id}:${from ?? ''}`}
      item={id === 'new' ? null : item}
      copyOf={id === 'new' ? item : null}
      renderPreview={renderPreview}
    />
  );
}

const text = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'text', ...extra });

function ChallengeForm({
  item,
  copyOf,
  renderPreview,
}: {
  item: AdminChallenge | null;
  copyOf: AdminChallenge | null;
  renderPreview: RenderChallengePreview;
}) {
  const { t, message } = useConsoleText();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldName = useFieldName();
  const { timeZone } = useOrganizationContext();
  const save = useSaveItem<AdminChallenge>('challenges', AdminChallengeResponseSchema);
  const singular = t('resources.challenges.singular');
  const initial = item
    ? challengeValues(item)
    : copyOf
      ? challengeValues(copyOf, true)
      : newChallengeValues(fromZonedInput(nowZonedInput(timeZone), timeZone) ?? new Date().toISOString());
  const form = useConsoleForm({
    initial,
    resetKey: item ? `${item.id}:${item.updatedAt ?? ''}` : 'new',
    build: challengeBody,
    schema: ChallengeInputSchema,
    save: (body) => save.mutateAsync({ id: item?.id, body }),
    onSaved: (saved) => {
      if (!item) void navigate({ to: '/admin/$resource/$id', params: { resource: 'challenges', id: saved.id }, replace: true });
      else headingRef.current?.focus();
    },
    texts: { saved: t('form.saved', { name: singular }), failed: t('form.failed'), invalid: t('form.invalid'), message },
  });
  const { values, set, errors } = form;
  const subtype = values.subtype;
  const poll = subtype === 'poll' || subtype === 'pickem' || subtype === 'arcade';
  const body = challengeBody(values);

  const { control, pair } = useFieldControls(form);
  const { t: resultText } = useTranslation('console-results');
  const lockedHintId = useId();
  // An entered result paid members: only "Enter result" may change it (the API refuses a patch of it).
  const resultLocked = Boolean(item?.resultEnteredAt);

  const { options, questions } = values;
  const { options: frOptions, questions: frQuestions } = values.translations.fr;

  const addOption = () => {
    set('options', [...options, { text: '', points: 10 }]);
    set('translations.fr.options', [...frOptions, '']);
  };
  const removeOption = (i: number) => {
    set(
      'options',
      options.filter((_, j) => j !== i),
    );
    set(
      'translations.fr.options',
      frOptions.filter((_, j) => j !== i),
    );
    if (typeof values.correctIndex === 'number' && values.correctIndex >= i)
      set('correctIndex', values.correctIndex === i ? null : values.correctIndex - 1);
  };
  const addQuestion = () => {
    set('questions', [...questions, emptyQuestion()]);
    set('translations.fr.questions', [...frQuestions, { text: '', options: ['', ''] }]);
  };
  const removeQuestion = (i: number) => {
    set(
      'questions',
      questions.filter((_, j) => j !== i),
    );
    set(
      'translations.fr.questions',
      frQuestions.filter((_, j) => j !== i),
    );
  };
  const addQuestionOption = (q: number) => {
    set(`questions.${q}.options`, [...questions[q].options, '']);
    set(`translations.fr.questions.${q}.options`, [...(frQuestions[q]?.options ?? questions[q].options.map(() => '')), '']);
  };
  const removeQuestionOption = (q: number, i: number) => {
    set(
      `questions.${q}.options`,
      questions[q].options.filter((_, j) => j !== i),
    );
    set(
      `translations.fr.questions.${q}.options`,
      (frQuestions[q]?.options ?? []).filter((_, j) => j !== i),
    );
    if (questions[q].correctIndex >= i && questions[q].correctIndex > 0) set(`questions.${q}.correctIndex`, questions[q].correctIndex - 1);
  };

  const title = item
    ? t('form.editTitle', { resource: singular, name: String(item.title ?? '') })
    : copyOf
      ? t('challenges.copyTitle', { name: String(copyOf.title ?? '') })
      : t('form.newTitle', { resource: singular });

  return (
    <div className="console-page">
      <ConsoleHeading
        headingRef={headingRef}
        title={title}
        actions={
          <>
            {item?.status ? <StatusBadge status={item.status} /> : null}
            {item ? (
              <Link
                to="/admin/$resource/$id"
                params={{ resource: 'challenges', id: 'new' }}
                search={{ from: item.id }}
                className="btn btn--secondary btn--sm"
              >
                {t('challenges.duplicate')}
              </Link>
            ) : null}
          </>
        }
      />
      {item && takesResult(item) ? <ChallengeResultSection challenge={item} /> : null}
      <div className="console-editor">
        <form className="console-form" onSubmit={(e) => void form.submit(e)} noValidate>
          <ErrorSummary errors={errors} fieldName={fieldName} />
          {control(
            { name: 'subtype', kind: 'select', choices: CHALLENGE_SUBTYPES, labelled: true, required: true },
            'subtype',
            fieldName('subtype'),
          )}
          {pair(text('title', { required: true }), 'title', 'translations.fr.title', fieldName('title'))}
          {pair({ name: 'description', kind: 'textarea' }, 'description', 'translations.fr.description', fieldName('description'))}
          {control({ name: 'mediaId', kind: 'media', nullable: true }, 'mediaId', fieldName('mediaId'))}
          <fieldset className="console-fieldset">
            <legend>{t('challenges.schedule')}</legend>
            <div className="console-row">
              {control({ name: 'visibleFrom', kind: 'datetime', required: true }, 'visibleFrom', fieldName('visibleFrom'))}
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => set('visibleFrom', new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString())}
              >
                {t('challenges.startNow')}
              </button>
            </div>
            <div className="console-row">
              {control({ name: 'expiresOn', kind: 'datetime', nullable: true }, 'expiresOn', fieldName('expiresOn'))}
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => set('expiresOn', null)}>
                {t('challenges.noEnd')}
              </button>
            </div>
            {subtype === 'pickem' ? control({ name: 'locksAt', kind: 'datetime', nullable: true }, 'locksAt', fieldName('locksAt')) : null}
          </fieldset>

          {poll ? (
            <fieldset className="console-fieldset">
              <legend>{t('challenges.options')}</legend>
              {errors.options ? (
                <p className="field__error" role="alert">
                  {errors.options}
                </p>
              ) : null}
              <ol className="console-items">
                {options.map((_, i) => (
                  <li key={i} className="console-item">
                    {pair(
                      text('text', { required: true }),
                      `options.${i}.text`,
                      `translations.fr.options.${i}`,
                      fieldName(`options.${i}.text`),
                    )}
                    <div className="console-row">
                      {control({ name: 'points', kind: 'number' }, `options.${i}.points`, fieldName(`options.${i}.points`))}
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => removeOption(i)}
                        disabled={options.length <= 2}
                      >
                        {t('challenges.removeOption', { n: i + 1 })}
                      </button>
                    </div>
                  </li>
                ))}
              </ol>
              <button type="button" className="btn btn--secondary btn--sm" onClick={addOption} disabled={options.length >= 10}>
                {t('challenges.addOption')}
              </button>
              {/* Once a result is entered, or once a pick'em has begun, the result goes through "Enter result". */}
              {subtype === 'arcade' || (subtype === 'pickem' && !(item && takesResult(item))) ? (
                <fieldset
                  className="console-fieldset console-fieldset--inner"
                  data-path="correctIndex"
                  aria-invalid={errors.correctIndex ? true : undefined}
                  aria-describedby={resultLocked ? `${lockedHintId}` : undefined}
                  disabled={resultLocked}
                  tabIndex={-1}
                >
                  <legend>{subtype === 'arcade' ? t('challenges.rightOption') : t('challenges.result')}</legend>
                  {resultLocked ? (
                    <p id={lockedHintId} className="muted">
                      {resultText('locked')}
                    </p>
                  ) : null}
                  {subtype === 'pickem' ? (
                    <label className="console-check">
                      <input
                        type="radio"
                        name="correctIndex"
                        checked={values.correctIndex === null}
                        onChange={() => set('correctIndex', null)}
                      />
                      {t('challenges.notPlayed')}
                    </label>
                  ) : null}
                  {options.map((o, i) => (
                    <label key={i} className="console-check">
                      <input type="radio" name="correctIndex" checked={values.correctIndex === i} onChange={() => set('correctIndex', i)} />
                      {o.text || t('challenges.optionN', { n: i + 1 })}
                    </label>
                  ))}
                  <p className="field__error" aria-live="polite">
                    {errors.correctIndex ?? ''}
                  </p>
                </fieldset>
              ) : null}
              {subtype === 'arcade' ? control({ name: 'points', kind: 'number' }, 'points', t('challenges.arcadeBonus')) : null}
              {subtype === 'pickem' ? control({ name: 'points', kind: 'number' }, 'points', resultText('pickemBonus')) : null}
            </fieldset>
          ) : null}

          {subtype === 'trivia' ? (
            <fieldset className="console-fieldset">
              <legend>{t('challenges.questions')}</legend>
              {errors.questions ? (
                <p className="field__error" role="alert">
                  {errors.questions}
                </p>
              ) : null}
              <ol className="console-items">
                {questions.map((q, qi) => (
                  <li key={qi} className="console-item">
                    <fieldset className="console-fieldset console-fieldset--inner">
                      <legend>{t('challenges.questionN', { n: qi + 1 })}</legend>
                      {pair(
                        { name: 'text', kind: 'textarea', required: true },
                        `questions.${qi}.text`,
                        `translations.fr.questions.${qi}.text`,
                        fieldName(`questions.${qi}.text`),
                      )}
                      {control({ name: 'points', kind: 'number' }, `questions.${qi}.points`, fieldName(`questions.${qi}.points`))}
                      <ol className="console-items">
                        {q.options.map((_, oi) => (
                          <li key={oi}>
                            {pair(
                              text('text', { required: true }),
                              `questions.${qi}.options.${oi}`,
                              `translations.fr.questions.${qi}.options.${oi}`,
                              fieldName(`questions.${qi}.options.${oi}`),
                            )}
                            <div className="console-row">
                              <label className="console-check">
                                <input
                                  type="radio"
                                  name={`correct-${qi}`}
                                  checked={q.correctIndex === oi}
                                  onChange={() => set(`questions.${qi}.correctIndex`, oi)}
                                />
                                {t('challenges.rightAnswer', { q: qi + 1, n: oi + 1 })}
                              </label>
                              <button
                                type="button"
                                className="btn btn--ghost btn--sm"
                                onClick={() => removeQuestionOption(qi, oi)}
                                disabled={q.options.length <= 2}
                              >
                                {t('challenges.removeQuestionOption', { q: qi + 1, n: oi + 1 })}
                              </button>
                            </div>
                          </li>
                        ))}
                      </ol>
                      <p className="field__error" aria-live="polite">
                        {errors[`questions.${qi}.correctIndex`] ?? errors[`questions.${qi}.options`] ?? ''}
                      </p>
                      <div className="console-row">
                        <button
                          type="button"
                          className="btn btn--secondary btn--sm"
                          onClick={() => addQuestionOption(qi)}
                          disabled={q.options.length >= 6}
                        >
                          {t('challenges.addQuestionOption', { n: qi + 1 })}
                        </button>
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm"
                          onClick={() => removeQuestion(qi)}
                          disabled={questions.length <= 1}
                        >
                          {t('challenges.removeQuestion', { n: qi + 1 })}
                        </button>
                      </div>
                    </fieldset>
                  </li>
                ))}
              </ol>
              <button type="button" className="btn btn--secondary btn--sm" onClick={addQuestion} disabled={questions.length >= 20}>
                {t('challenges.addQuestion')}
              </button>
            </fieldset>
          ) : null}

          {subtype === 'keyword' ? (
            <>
              {control({ name: 'keywords', kind: 'list', required: true }, 'keywords', fieldName('keywords'))}
              {control({ name: 'points', kind: 'number' }, 'points', t('challenges.keywordPoints'))}
            </>
          ) : null}

          <fieldset className="console-fieldset">
            <legend>{t('challenges.publishing')}</legend>
            {control({ name: 'isPublic', kind: 'checkbox' }, 'isPublic', fieldName('isPublic'))}
            {control({ name: 'sortOrder', kind: 'number' }, 'sortOrder', fieldName('sortOrder'))}
            {subtype === 'poll' || subtype === 'pickem'
              ? control({ name: 'resultsHidden', kind: 'checkbox' }, 'resultsHidden', fieldName('resultsHidden'))
              : null}
            {control({ name: 'draft', kind: 'checkbox' }, 'draft', fieldName('draft'))}
            {control({ name: 'key', kind: 'text', nullable: true }, 'key', fieldName('key'))}
          </fieldset>

          <div className="console-form__actions">
            <button type="submit" className="btn btn--primary" disabled={form.saving} aria-busy={form.saving || undefined}>
              {item ? t('form.save') : t('form.create')}
            </button>
            {item ? <DeleteButton path="challenges" id={item.id} name={String(item.title ?? '')} /> : null}
          </div>
          <UnsavedChangesGuard isDirty={form.isDirty} />
        </form>
        <aside className="console-preview" aria-labelledby="console-preview-title">
          <h2 id="console-preview-title" className="console-preview__title">
            {t('challenges.preview')}
          </h2>
          <p className="muted">{t('challenges.previewHint')}</p>
          <div className="console-preview__cards">
            <section aria-label={t('form.english')}>
              <p className="console-preview__lang">{t('form.english')}</p>
              <div inert className="console-preview__card">
                {renderPreview(previewChallenge(body, 'en'))}
              </div>
            </section>
            <section aria-label={t('form.french')} lang="fr">
              <p className="console-preview__lang">{t('form.french')}</p>
              <div inert className="console-preview__card">
                {renderPreview(previewChallenge(body, 'fr'))}
              </div>
            </section>
          </div>
        </aside>
      </div>
    </div>
  );
}
