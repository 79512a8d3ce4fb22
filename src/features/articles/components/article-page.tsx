/**
 * `/articles/{id}` (spec §2-§3): the article reader. The read is recorded when the end of the article
 * scrolls into view (an IntersectionObserver on a sentinel after the last paragraph), once, and only for a
 * signed-in member who has not read it yet. Offline, the read waits in the queue and shows as pending.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import { CheckCircleIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import type { Article } from '../../../contracts/content';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { BackLink, PointsBadge, ItemPageFallback } from '../../../components/content-ui';
import { useArticle } from '../api/get-article';
import { usePendingArticleRead, useRecordArticleRead } from '../api/record-article-read';
import './articles.css';

/** Renders the reader for article `articleId`. */
export function ArticlePage({ articleId }: { articleId: string }) {
  const { t } = useTranslation('articles');
  const query = useArticle(articleId);
  if (query.data) return <ArticleReader article={query.data} />;
  const texts = { notFoundTitle: t('notFoundTitle'), notFoundText: t('notFoundText'), errorTitle: t('title') };
  return <ItemPageFallback query={query} texts={texts} back={{ to: '/media', label: t('backToMedia') }} />;
}

function ArticleReader({ article }: { article: Article }) {
  const { t, i18n } = useTranslation('articles');
  const { data: user } = useCurrentUser();
  const { run: runRecordRead } = useRecordArticleRead();
  // An effect event: `run` changes identity each render; the observer depends only on the article and eligibility.
  const recordRead = useEffectEvent(runRecordRead);
  const pending = usePendingArticleRead(article.id);
  const sentinel = useRef<HTMLDivElement>(null);
  const recorded = useRef(false);
  const canEarn = Boolean(user) && !article.read;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canEarn || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting) || recorded.current) return;
      recorded.current = true;
      observer.disconnect();
      recordRead({ articleId: article.id });
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [article.id, canEarn]);

  const image = mediaUrl(article.mediaId);
  const published = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(new Date(article.publishedAt));

  return (
    <Page title={article.title}>
      <article className="stack article">
        <BackLink to="/media" label={t('backToMedia')} />
        <div className="article__meta">
          <time dateTime={article.publishedAt}>{published}</time>
          <span aria-hidden="true">·</span>
          <span>{t('readingTime', { count: article.readingMinutes })}</span>
          {article.read ? <span className="pill pill--success">{t('read')}</span> : <PointsBadge points={article.value} />}
        </div>
        {image ? <img className="article__image" src={image} alt="" width={640} height={360} /> : null}
        <p className="text-brand" style={{ fontWeight: 600 }}>
          {article.summary}
        </p>
        {article.bodyHtml !== null ? (
          // The server rendered the operator's Markdown and kept only an allow-list of tags (server/lib/markdown.ts).
          <div className="article__body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
        ) : (
          <div className="article__body">
            {article.body.map((block, i) => (block.type === 'heading' ? <h2 key={i}>{block.text}</h2> : <p key={i}>{block.text}</p>))}
          </div>
        )}
        <div ref={sentinel} className="article__end" aria-live="polite">
          {pending ? (
            <span className="pill pill--warning">
              {pending.isPaused ? t('willSync', { count: pending.pendingPoints }) : t('pendingPoints', { count: pending.pendingPoints })}
            </span>
          ) : article.read ? (
            <>
              <CheckCircleIcon width={28} height={28} className="text-success" />
              <p>{article.value > 0 ? t('doneWithPoints', { count: article.value }) : t('done')}</p>
            </>
          ) : (
            <p className="muted">{user ? t('endHint', { count: article.value }) : t('signInToEarn')}</p>
          )}
        </div>
      </article>
    </Page>
  );
}
