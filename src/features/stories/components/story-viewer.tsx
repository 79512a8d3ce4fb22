/**
 * `/stories/{id}` (spec §2-§4): the full-screen story viewer (layout 'none').
 * - Chapters in `orderIndex` order, opening at the first chapter not yet viewed; one progress bar per chapter.
 * - Moving: tap the left third (previous) or the rest (next); keyboard ArrowLeft / ArrowRight / Space; labelled
 *   Previous / Next buttons. Escape or the Close button leaves. Each chapter advances by itself after its
 *   `durationSeconds`; the Pause button (or P) stops the timer, and it also waits while the page is hidden.
 * - Every chapter shown to a signed-in member is recorded once (offline-queued `['story-chapter-view']`).
 * - Sponsor link when the chapter has a `sponsorUrl`; Share through `navigator.share` (or copying the link) only
 *   when the story is shareable (never rank-coded stories nor 'Save to Home', spec §4).
 * - A rank-coded story of another rank (or for an underage member) is not shown (spec §4).
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundError } from '../../../api/errors';
import { mediaUrl } from '../../../api/media';
import { isUnavailableOffline, NotAvailableOffline } from '../../../components/not-available-offline';
import { EmptyState } from '../../../components/empty-state';
import { PageSpinner } from '../../../components/spinner';
import type { Story } from '../../../contracts/content';
import { notify } from '../../../platform/toasts';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useIsUnderage } from '../../../lib/session/underage';
import { useStory } from '../api/get-story';
import { useRecordChapterView } from '../api/record-chapter-view';
import { isTitleShareable, isTitleVisibleTo } from '../../../rules/story-title';
import { firstUnviewedChapterIndex, sortChapters } from '../story-order';
import { PathIcon } from '../../../components/icons';
import { useDocumentTitle } from '../../../components/page';
import './stories.css';

/** Timer resolution of the auto-advance, in ms. */
const TICK_MS = 100;

const ICON_PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  pause: 'M8 5v14M16 5v14',
  play: 'M8 5v14l11-7z',
  prev: 'M15 18l-6-6 6-6',
  next: 'M9 18l6-6-6-6',
  share: 'M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return <PathIcon d={ICON_PATHS[name]} width="20" height="20" />;
}

/** Leaves the viewer: back in history when the app has one, else to the dashboard. */
function useCloseViewer() {
  const router = useRouter();
  const navigate = useNavigate();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/dashboard' });
  }, [router, navigate]);
}

function Unavailable({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('stories');
  const close = useCloseViewer();
  useDocumentTitle(title);
  return (
    <div className="page page--center">
      <h1 className="visually-hidden" tabIndex={-1}>
        {title}
      </h1>
      <EmptyState
        title={title}
        description={text}
        action={
          <button type="button" className="btn btn--primary" onClick={close}>
            {t('viewer.close')}
          </button>
        }
      />
    </div>
  );
}

/** Renders the viewer for story `storyId`. */
export function StoryViewerPage({ storyId }: { storyId: string }) {
  const { t } = useTranslation('stories');
  const { data: user } = useCurrentUser();
  const underage = useIsUnderage();
  const query = useStory(storyId);
  const story = query.data;
  if (!story) {
    if (query.error instanceof NotFoundError) return <Unavailable title={t('viewer.notFoundTitle')} text={t('viewer.notFoundText')} />;
    if (query.isError) return <Unavailable title={t('viewer.errorTitle')} text={t('viewer.errorText')} />;
    if (isUnavailableOffline(query)) return <NotAvailableOffline page />;
    return <PageSpinner />;
  }
  const viewer = user ? { rank: user.rank, underage } : null;
  if (!isTitleVisibleTo(story.title, viewer)) return <Unavailable title={t('viewer.notFoundTitle')} text={t('viewer.notFoundText')} />;
  if (story.chapters.length === 0) return <Unavailable title={story.title} text={t('viewer.empty')} />;
  return <StoryViewer story={story} canRecord={Boolean(user)} />;
}

function StoryViewer({ story, canRecord }: { story: Story; canRecord: boolean }) {
  const { t } = useTranslation('stories');
  const close = useCloseViewer();
  const chapters = useMemo(() => sortChapters(story.chapters), [story.chapters]);
  const [index, setIndex] = useState(() => firstUnviewedChapterIndex(chapters));
  const [elapsed, setElapsed] = useState(0);
  const [paused, setPaused] = useState(false);
  const { run: runRecordView } = useRecordChapterView();
  // An effect event: `run` changes identity each render, and recording must follow the chapter, not that identity.
  const recordView = useEffectEvent(runRecordView);
  const recorded = useRef(new Set<string>());
  const rootRef = useRef<HTMLDivElement>(null);
  const chapter = chapters[Math.min(index, chapters.length - 1)];
  const durationMs = chapter.durationSeconds * 1000;
  const shareable = isTitleShareable(story.title, story.shareable);

  const goTo = useCallback(
    (next: number) => {
      if (next >= chapters.length) {
        close();
        return;
      }
      setIndex(Math.max(0, next));
      setElapsed(0);
    },
    [chapters.length, close],
  );
  const next = useCallback(() => goTo(index + 1), [goTo, index]);
  const previous = useCallback(() => goTo(index - 1), [goTo, index]);

  useDocumentTitle(story.title);
  useEffect(() => {
    rootRef.current?.focus();
  }, [story.title]);

  // Record the chapter shown (once per chapter; never for visitors or chapters already viewed).
  useEffect(() => {
    if (!canRecord || chapter.viewed || recorded.current.has(chapter.id)) return;
    recorded.current.add(chapter.id);
    recordView({ storyId: story.id, chapterId: chapter.id });
  }, [canRecord, chapter.id, chapter.viewed, story.id]);

  // One tick of the auto-advance timer: the chapter's time runs on, and once it is used up the next chapter shows.
  const tick = useEffectEvent(() => {
    const after = elapsed + TICK_MS;
    if (after >= durationMs) next();
    else setElapsed(after);
  });
  // Auto-advance timer: waits while paused or while the page is hidden.
  useEffect(() => {
    if (paused) return;
    const id = window.setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      tick();
    }, TICK_MS);
    return () => window.clearInterval(id);
  }, [paused, index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const onControl = target?.closest('button, a, input, textarea, select');
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'ArrowRight' || (event.key === ' ' && !onControl)) {
        event.preventDefault();
        next();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        previous();
      } else if ((event.key === 'p' || event.key === 'P') && !onControl) {
        setPaused((p) => !p);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close, next, previous]);

  const share = async () => {
    const url = window.location.href;
    try {
      if (typeof navigator.share === 'function') {
        setPaused(true);
        await navigator.share({ title: story.title, url });
      } else {
        await navigator.clipboard.writeText(url);
        notify({ title: t('viewer.linkCopied') });
      }
    } catch (error) {
      if ((error as { name?: string })?.name !== 'AbortError') notify({ title: t('viewer.shareFailed'), variant: 'destructive' });
    }
  };

  const image = mediaUrl(chapter.mediaId);
  const progress = Math.min(1, elapsed / durationMs);

  return (
    <div
      ref={rootRef}
      className="story-viewer"
      tabIndex={-1}
      role="region"
      aria-roledescription={t('viewer.roledescription')}
      aria-label={story.title}
    >
      {image ? <img key={chapter.id} className="story-viewer__image" src={image} alt="" /> : null}
      <div className="story-viewer__shade" />
      <div className="story-viewer__zones">
        <button type="button" className="story-viewer__zone" tabIndex={-1} aria-hidden="true" onClick={previous} />
        <button type="button" className="story-viewer__zone" tabIndex={-1} aria-hidden="true" onClick={next} />
      </div>

      <div className="story-viewer__top">
        <ol className="story-viewer__progress" aria-hidden="true">
          {chapters.map((c, i) => (
            <li key={c.id} className="story-viewer__bar">
              <div className="story-viewer__fill" style={{ width: `${(i < index ? 1 : i === index ? progress : 0) * 100}%` }} />
            </li>
          ))}
        </ol>
        <div className="story-viewer__head">
          <h1 className="story-viewer__title" tabIndex={-1}>
            {story.title}
          </h1>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? t('viewer.play') : t('viewer.pause')}
            aria-pressed={paused}
          >
            <Icon name={paused ? 'play' : 'pause'} />
          </button>
          {shareable ? (
            <button type="button" className="icon-btn" onClick={() => void share()} aria-label={t('viewer.share')}>
              <Icon name="share" />
            </button>
          ) : null}
          <button type="button" className="icon-btn" onClick={close} aria-label={t('viewer.close')}>
            <Icon name="close" />
          </button>
        </div>
      </div>

      <div className="story-viewer__bottom">
        <p className="visually-hidden" aria-live="polite">
          {t('viewer.position', { current: index + 1, total: chapters.length, title: chapter.title })}
        </p>
        <h2 className="story-viewer__chapter-title">{chapter.title}</h2>
        {chapter.caption ? <p className="story-viewer__caption">{chapter.caption}</p> : null}
        <div className="story-viewer__actions">
          {chapter.sponsorUrl ? (
            <a
              className="btn btn--primary btn--sm"
              href={chapter.sponsorUrl}
              target="_blank"
              rel="noopener noreferrer sponsored"
              onClick={() => setPaused(true)}
            >
              {t('viewer.sponsor')} <Icon name="external" />
              <span className="visually-hidden">{t('viewer.opensNewTab')}</span>
            </a>
          ) : null}
          <div className="story-viewer__nav" style={{ marginLeft: 'auto' }}>
            <button type="button" className="btn btn--secondary btn--sm" onClick={previous} disabled={index === 0}>
              <Icon name="prev" /> {t('viewer.previous')}
            </button>
            <button type="button" className="btn btn--secondary btn--sm" onClick={next}>
              {index === chapters.length - 1 ? t('viewer.finish') : t('viewer.next')} <Icon name="next" />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
