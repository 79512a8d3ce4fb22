/** An article as a row card: header image, title, summary line, reading time and points or "Read". */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import type { Article } from '../../../contracts/content';
import { PointsBadge } from '../../../components/content-ui';
import './articles.css';

/** Renders the card; one link to `/articles/{id}`. */
export function ArticleCard({ article }: { article: Article }) {
  const { t } = useTranslation('articles');
  const image = mediaUrl(article.mediaId);
  return (
    <Link to="/articles/$id" params={{ id: article.id }} className={`card card--interactive ct-row${article.read ? ' is-read' : ''}`}>
      <div className="ct-row__thumb ct-row__thumb--square">
        {image ? <img src={image} alt="" loading="lazy" decoding="async" width={96} height={96} /> : null}
      </div>
      <div className="ct-row__body">
        <h3 className="ct-row__title">{article.title}</h3>
        <p className="ct-row__meta article-card__summary">{article.summary}</p>
        <div className="ct-badges">
          <span className="ct-row__meta">{t('readingTime', { count: article.readingMinutes })}</span>
          {article.read ? <span className="pill pill--success">{t('read')}</span> : <PointsBadge points={article.value} />}
        </div>
      </div>
    </Link>
  );
}
