/**
 * `/digital-downloads` (spec §2, §7 "GET /{id} on the media CDN base"; decisions 0029, 0086): the club's PDFs with
 * their size, an Open link (new tab) and a Download link, both to the download's `url` (`{cdnBase}/{id}` or an
 * upload). A plain tap does not follow the link: the page fetches the file through the service worker, which keeps
 * it, and shows it from a blob (open-pdf.ts), so a PDF opened once opens offline; the row then says "Available
 * offline". Offline, a file not on the device says "Not available offline" at once. Loading, error and empty states.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineManager } from '@tanstack/react-query';
import { mediaUrl } from '../../../api/media';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import type { Download } from '../../../contracts/content';
import { ListSkeleton, QueryList } from '../../../components/content-ui';
import { useDownloads } from '../api/get-downloads';
import { isCachedForOffline } from '../offline-availability';
import { formatFileSize } from '../../../platform/file-size';
import { useIsOnline } from '../../../offline/use-offline-status';
import { fetchPdf, openBlobInNewTab, saveBlobAs, type PdfFailure } from '../open-pdf';

/** A click the browser should handle itself (new tab or window by modifier, or not the main button). */
const isModifiedClick = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** What the row shows after a tap: fetching, a link to tap when no tab could be opened, or why it failed. */
type RowState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'ready'; blobUrl: string } | { kind: 'error'; reason: PdfFailure };

function DownloadRow({ download }: { download: Download }) {
  const { t, i18n } = useTranslation('downloads');
  // The server says where the PDF is: on the CDN, or an operator's upload served with the media.
  const url = download.url;
  const online = useIsOnline();
  const [cached, setCached] = useState<boolean | null>(null);
  const [state, setState] = useState<RowState>({ kind: 'idle' });
  const check = useCallback(() => void isCachedForOffline(url).then(setCached), [url]);
  useEffect(() => {
    check();
  }, [check]);
  // A blob URL offered as a link lives as long as the link.
  const readyUrl = state.kind === 'ready' ? state.blobUrl : null;
  useEffect(() => () => (readyUrl ? URL.revokeObjectURL(readyUrl) : undefined), [readyUrl]);
  const busy = useRef(false);

  const run = async (e: MouseEvent, action: 'open' | 'download') => {
    if (isModifiedClick(e)) return;
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setState({ kind: 'busy' });
    const result = await fetchPdf(url, () => onlineManager.isOnline());
    busy.current = false;
    if (!result.ok) return setState({ kind: 'error', reason: result.reason });
    check();
    if (action === 'download') {
      saveBlobAs(result.blob, download.fileName);
      return setState({ kind: 'idle' });
    }
    if (openBlobInNewTab(result.blob)) return setState({ kind: 'idle' });
    setState({ kind: 'ready', blobUrl: URL.createObjectURL(result.blob) });
  };

  const unavailable = (!online && cached === false) || (state.kind === 'error' && state.reason === 'offline');
  const image = mediaUrl(download.mediaId);
  return (
    <article className="card ct-row" aria-labelledby={`dl-${download.id}`} style={{ alignItems: 'flex-start' }}>
      <div className="ct-row__thumb ct-row__thumb--square">
        {image ? <img src={image} alt="" loading="lazy" width={96} height={96} /> : null}
      </div>
      <div className="ct-row__body" style={{ flex: 1 }}>
        <h2 id={`dl-${download.id}`} className="ct-row__title">
          {download.title}
        </h2>
        <p className="ct-row__meta">{download.description}</p>
        <div className="ct-badges">
          <span className="pill pill--muted">{t('meta', { size: formatFileSize(download.sizeBytes, i18n.resolvedLanguage ?? 'en') })}</span>
          {cached ? <span className="pill pill--success">{t('offline')}</span> : null}
          {unavailable && !cached ? <span className="pill pill--muted">{t('notOffline')}</span> : null}
        </div>
        <div className="row" style={{ gap: 'var(--space-2)', marginTop: 'var(--space-2)' }}>
          <a
            className="btn btn--primary btn--sm"
            href={url}
            target="_blank"
            rel="noopener"
            aria-disabled={state.kind === 'busy'}
            onClick={(e) => void run(e, 'open')}
          >
            {t('open')}
            <span className="visually-hidden">
              {' '}
              {download.title} ({t('opensNewTab')})
            </span>
          </a>
          <a
            className="btn btn--secondary btn--sm"
            href={url}
            download={download.fileName}
            aria-disabled={state.kind === 'busy'}
            onClick={(e) => void run(e, 'download')}
          >
            {t('download')}
            <span className="visually-hidden"> {download.title}</span>
          </a>
        </div>
        <div role="status" className="ct-row__meta" style={{ marginTop: 'var(--space-2)' }}>
          {state.kind === 'busy' ? t('opening') : null}
          {state.kind === 'error' ? t(state.reason === 'offline' ? 'notOfflineText' : 'failed') : null}
          {state.kind === 'ready' ? (
            <a href={state.blobUrl} target="_blank" rel="noopener">
              {t('ready', { title: download.title })}
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** Renders the page. */
export function DownloadsPage() {
  const { t } = useTranslation('downloads');
  const query = useDownloads();
  return (
    <Page title={t('title')}>
      <div className="stack">
        <p className="muted">{t('intro')}</p>
        <QueryList
          query={query}
          items={query.data}
          empty={<EmptyState title={t('emptyTitle')} description={t('emptyText')} />}
          skeleton={<ListSkeleton rows={3} square />}
          itemKey={(d) => d.id}
        >
          {(d) => <DownloadRow download={d} />}
        </QueryList>
      </div>
    </Page>
  );
}
