/**
 * `/admin/stories/{id}` (`new` for a new one): the story editor. The story's texts in English and French, its
 * cover, type, window in the organization's time zone, sharing and draft, the rank it is for (chosen from the
 * organization's ranks: a rank-coded story is shown only to members of that rank), and its chapters, each with
 * its image, texts, sponsor link, duration and points, added, removed and reordered by drag or keyboard. The story
 * is read with the admin story contract and checked with `StoryInputSchema` before it is sent.
 */
import { useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/spinner';
import { AdminStoryResponseSchema, MAX_STORY_CHAPTERS, StoryInputSchema, type AdminStory } from '../../../contracts/admin/story';
import { adminItemQueryOptions, useSaveItem } from '../api/admin-api';
import { fromZonedInput, nowZonedInput } from '../form/datetime';
import { type FieldSpec } from '../form/fields';
import { emptyChapter, newStoryValues, STORY_TYPES, storyBody, storyValues, type ChapterValues } from '../form/story-form';
import { useConsoleForm } from '../form/use-console-form';
import { ChapterList } from './chapter-list';
import { ConsoleHeading, ErrorSummary, StatusBadge, useFieldName } from './console-ui';
import { useFieldControls } from './form-controls';
import { DeleteButton, useOrganizationContext } from './item-actions';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useConsoleText } from './use-console-text';

/** Loads the story and renders its form. */
export function StoryEditor({ id }: { id: string }) {
  const { t } = useConsoleText();
  const creating = id === 'new';
  const query = useQuery({ ...adminItemQueryOptions<AdminStory>('stories', id, AdminStoryResponseSchema), enabled: !creating });
  if (!creating && query.isPending) return <Spinner label={t('list.loading')} />;
  if (!creating && query.isError) return <p role="alert">{t('form.loadFailed')}</p>;
  return <StoryForm key={id} item={creating ? null : (query.data ?? null)} />;
}

const text = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'text', ...extra });

function StoryForm({ item }: { item: AdminStory | null }) {
  const { t, message } = useConsoleText();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldName = useFieldName();
  const { timeZone } = useOrganizationContext();
  const save = useSaveItem<AdminStory>('stories', AdminStoryResponseSchema);
  const singular = t('resources.stories.singular');
  const form = useConsoleForm({
    initial: item ? storyValues(item) : newStoryValues(fromZonedInput(nowZonedInput(timeZone), timeZone) ?? new Date().toISOString()),
    resetKey: item ? `${item.id}:${item.updatedAt ?? ''}` : 'new',
    build: storyBody,
    schema: StoryInputSchema,
    save: (body) => save.mutateAsync({ id: item?.id, body }),
    onSaved: (saved) => {
      if (!item) void navigate({ to: '/admin/$resource/$id', params: { resource: 'stories', id: saved.id }, replace: true });
      else headingRef.current?.focus();
    },
    texts: { saved: t('form.saved', { name: singular }), failed: t('form.failed'), invalid: t('form.invalid'), message },
  });
  const { values, set, errors } = form;
  const chapters = values.chapters;

  const { control, pair } = useFieldControls(form);
  const chapterName = (chapter: ChapterValues, index: number) => chapter.title.trim() || t('stories.untitledChapter', { n: index + 1 });

  return (
    <div className="console-page">
      <ConsoleHeading
        headingRef={headingRef}
        title={
          item ? t('form.editTitle', { resource: singular, name: String(item.title ?? '') }) : t('form.newTitle', { resource: singular })
        }
        actions={item?.status ? <StatusBadge status={item.status} /> : null}
      />
      <form className="console-form" onSubmit={(e) => void form.submit(e)} noValidate>
        <ErrorSummary errors={errors} fieldName={fieldName} />
        {control({ name: 'rank', kind: 'select', choicesFrom: 'ranks' }, 'rank', t('stories.rank'))}
        <p className="field__hint">{t('stories.rankHint')}</p>
        {pair(text('title', { required: true }), 'title', 'translations.fr.title', fieldName('title'))}
        {control({ name: 'type', kind: 'select', choices: STORY_TYPES, labelled: true, required: true }, 'type', fieldName('type'))}
        {control({ name: 'coverMediaId', kind: 'media', nullable: true, required: true }, 'coverMediaId', fieldName('coverMediaId'))}
        <div className="console-row">
          {control({ name: 'startsAt', kind: 'datetime', required: true }, 'startsAt', fieldName('startsAt'))}
          {control({ name: 'stopsAt', kind: 'datetime', nullable: true }, 'stopsAt', fieldName('stopsAt'))}
        </div>
        {control({ name: 'shareable', kind: 'checkbox' }, 'shareable', fieldName('shareable'))}
        {control({ name: 'sortOrder', kind: 'number' }, 'sortOrder', fieldName('sortOrder'))}
        {control({ name: 'draft', kind: 'checkbox' }, 'draft', fieldName('draft'))}
        {control({ name: 'key', kind: 'text', nullable: true }, 'key', fieldName('key'))}

        <section className="console-fieldset" aria-labelledby="console-chapters-title">
          <h2 id="console-chapters-title" className="console-section-title">
            {t('stories.chapters')}
          </h2>
          {errors.chapters ? (
            <p className="field__error" role="alert">
              {errors.chapters}
            </p>
          ) : null}
          <ChapterList
            chapters={chapters}
            keyOf={(c) => c.uid}
            nameOf={chapterName}
            onReorder={(next) => set('chapters', next)}
            onRemove={(index) =>
              set(
                'chapters',
                chapters.filter((_, i) => i !== index),
              )
            }
          >
            {(chapter, i) => (
              <div className="stack">
                {control(
                  { name: 'mediaId', kind: 'media', nullable: true, required: true },
                  `chapters.${i}.mediaId`,
                  t('stories.chapterImage', { name: chapterName(chapter, i) }),
                )}
                {pair(text('title'), `chapters.${i}.title`, `chapters.${i}.translations.fr.title`, t('stories.chapterTitle', { n: i + 1 }))}
                {pair(
                  { name: 'caption', kind: 'textarea' },
                  `chapters.${i}.caption`,
                  `chapters.${i}.translations.fr.caption`,
                  t('stories.chapterCaption', { n: i + 1 }),
                )}
                <div className="console-row">
                  {control(text('sponsorUrl'), `chapters.${i}.sponsorUrl`, t('stories.chapterSponsor', { n: i + 1 }))}
                  {control(
                    { name: 'durationSeconds', kind: 'number', required: true },
                    `chapters.${i}.durationSeconds`,
                    t('stories.chapterDuration', { n: i + 1 }),
                  )}
                  {control({ name: 'value', kind: 'number' }, `chapters.${i}.value`, t('stories.chapterPoints', { n: i + 1 }))}
                </div>
              </div>
            )}
          </ChapterList>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={chapters.length >= MAX_STORY_CHAPTERS}
            onClick={() => set('chapters', [...chapters, emptyChapter()])}
          >
            {t('stories.addChapter')}
          </button>
        </section>

        <div className="console-form__actions">
          <button type="submit" className="btn btn--primary" disabled={form.saving} aria-busy={form.saving || undefined}>
            {item ? t('form.save') : t('form.create')}
          </button>
          {item ? <DeleteButton path="stories" id={item.id} name={String(item.title ?? '')} /> : null}
        </div>
        <UnsavedChangesGuard isDirty={form.isDirty} />
      </form>
    </div>
  );
}
