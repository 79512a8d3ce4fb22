/**
 * "Save for offline" on a video page: saves the clip on the device (saved-videos.ts) with a
 * progress bar and a Cancel button while it downloads, then says "Saved on this device" with its size and offers
 * "Remove from device". A refusal (too large, over the saved-videos budget, no space, no connection) is said inline.
 * Hidden where the browser cannot keep videos.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineManager } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { formatFileSize } from '../../../platform/file-size';
import { SAVED_VIDEO_MAX_BYTES, SAVED_VIDEOS_TOTAL_BYTES } from '../../../rules/saved-videos';
import { canSaveVideos, removeSavedVideo, savedVideoSize, saveVideo, type SaveVideoFailure } from '../saved-videos';

type SaveState =
  | { kind: 'checking' }
  | { kind: 'notSaved'; failure?: SaveVideoFailure }
  | { kind: 'saving'; received: number; total: number | null }
  | { kind: 'saved'; sizeBytes: number }
  | { kind: 'removing'; sizeBytes: number };

/** Renders the save/remove control for the video at `url` titled `name`. */
export function SaveVideo({ url, name }: { url: string; name: string }) {
  const { t, i18n } = useTranslation('media');
  const [state, setState] = useState<SaveState>({ kind: 'checking' });
  const abort = useRef<AbortController | null>(null);
  const size = (bytes: number) => formatFileSize(bytes, i18n.resolvedLanguage ?? 'en');

  useEffect(() => {
    let live = true;
    void savedVideoSize(url).then((bytes) => live && setState(bytes === null ? { kind: 'notSaved' } : { kind: 'saved', sizeBytes: bytes }));
    return () => {
      live = false;
      abort.current?.abort();
    };
  }, [url]);

  if (!canSaveVideos() || state.kind === 'checking') return null;

  const save = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'saving', received: 0, total: null });
    const result = await saveVideo(url, {
      onProgress: (received, total) => setState({ kind: 'saving', received, total }),
      isOnline: () => onlineManager.isOnline(),
      signal: controller.signal,
    });
    if (controller.signal.aborted && !result.ok) return setState({ kind: 'notSaved' });
    setState(result.ok ? { kind: 'saved', sizeBytes: result.sizeBytes } : { kind: 'notSaved', failure: result.reason });
  };

  const remove = async (sizeBytes: number) => {
    setState({ kind: 'removing', sizeBytes });
    try {
      await removeSavedVideo(url);
      setState({ kind: 'notSaved' });
    } catch {
      setState({ kind: 'saved', sizeBytes });
    }
  };

  const failureText = (failure: SaveVideoFailure) =>
    t(`videos.offline.${failure}`, { limit: size(SAVED_VIDEO_MAX_BYTES), budget: size(SAVED_VIDEOS_TOTAL_BYTES) });

  return (
    <section className="stack stack--sm" aria-label={t('videos.offline.label', { name })}>
      {state.kind === 'notSaved' ? (
        <>
          <div>
            <Button variant="secondary" size="sm" onClick={() => void save()}>
              {t('videos.offline.save')}
            </Button>
          </div>
          <p className="muted" role="status">
            {state.failure && state.failure !== 'cancelled' ? failureText(state.failure) : null}
          </p>
        </>
      ) : null}
      {state.kind === 'saving' ? (
        <>
          <p role="status">
            {state.total
              ? t('videos.offline.savingOf', { received: size(state.received), total: size(state.total) })
              : t('videos.offline.saving')}
          </p>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('videos.offline.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={state.total ?? undefined}
            aria-valuenow={state.total ? state.received : undefined}
          >
            <div className="progress__bar" style={{ width: state.total ? `${(state.received / state.total) * 100}%` : '0%' }} />
          </div>
          <div>
            <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
              {t('videos.offline.cancel')}
            </Button>
          </div>
        </>
      ) : null}
      {state.kind === 'saved' || state.kind === 'removing' ? (
        <div className="row" style={{ gap: 'var(--space-2)', alignItems: 'center', flexWrap: 'wrap' }}>
          <span className="pill pill--success" role="status">
            {t('videos.offline.saved', { size: size(state.sizeBytes) })}
          </span>
          <Button variant="ghost" size="sm" busy={state.kind === 'removing'} onClick={() => void remove(state.sizeBytes)}>
            {t('videos.offline.remove')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
