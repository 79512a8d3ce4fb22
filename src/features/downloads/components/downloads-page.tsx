/**
 * `/digital-downloads` (spec §2, §7 "GET /{id} on the media CDN base"; decision 0029): the club's PDFs with their
 * size, an Open link (new tab) and a Download link, both to the download's `url` (`{cdnBase}/{id}` or an upload). Once a PDF was opened the service
 * worker keeps it, and the row says "Available offline". Loading, error and empty states.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import type { Download } from '../../../contracts/content';
import { ListSkeleton, QueryList } from '../../../components/content-ui';
import { useDownloads } from '../api/get-downloads';
import { formatFileSize, isCachedForOffline } from '../offline-availability';

function DownloadRow({ download }: { download: Download }) {
  const { t, i18n } = useTranslation('downloads');
  // The server says where the PDF is: on the CDN, or an operator's upload served with the media.
  const url = download.url;
  const [offline, setOffline] = useState(false);
  const check = useCallback(() => void isCachedForOffline(url).then(setOffline), [url]);
  useEffect(() => {
    check();
  }, [check]);
  // The worker caches the file while the new tab loads it; look again shortly after a click.
  const onOpen = () => window.setTimeout(check, 2000);
  const image = mediaUrl(download.mediaId);
  return (
    <article className="card ct-row" aria-labelledby={`dl-${download.id}`} style={{ alignItems: 'flex-start' }}>
      <div className="ct-row__thumb ct-row__thumb--square">{image ? <img src={image} alt="" loading="lazy" width={96} height={96} /> : null}</div>
      <div className="ct-row__body" style={{ flex: 1 }}>
        <h2 id={`dl-${download.id}`} className="ct-row__title">
          {download.title}
        </h2>
        <p className="ct-row__meta">{download.description}</p>
        <div className="ct-badges">
          <span className="pill pill--muted">{t('meta', { size: formatFileSize(download.sizeBytes, i18n.resolvedLanguage ?? 'en') })}</span>
          {offline ? <span className="pill pill--success">{t('offline')}</span> : null}
        </div>
        <div className="row" style={{ gap: 'var(--space-2)', marginTop: 'var(--space-2)' }}>
          <a className="btn btn--primary btn--sm" href={url} target="_blank" rel="noopener" onClick={onOpen}>
            {t('open')}
            <span className="visually-hidden"> {download.title} ({t('opensNewTab')})</span>
          </a>
          <a className="btn btn--secondary btn--sm" href={url} download={download.fileName} onClick={onOpen}>
            {t('download')}
            <span className="visually-hidden"> {download.title}</span>
          </a>
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
