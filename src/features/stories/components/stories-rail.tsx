/**
 * `<StoriesRail/>`: the dashboard's row of stories (spec §4): live, unwatched, sponsored, then watched (dimmed)
 * last; rank-coded stories only for the member of that rank who is not underage; stories outside their window
 * left out. Each story is a link to `/stories/{id}` named by its title and state. Loading and empty states.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../api/media';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { useIsUnderage } from '../../../lib/session/underage';
import { useStories } from '../api/get-stories';
import { selectRailStories, storyListOf } from '../story-order';
import './stories.css';

/** Renders the rail section (heading "Stories"). */
export function StoriesRail() {
  const { t } = useTranslation('stories');
  const { data: user } = useCurrentUser();
  const underage = useIsUnderage();
  const query = useStories();
  const viewer = user ? { rank: user.rank, underage } : null;
  const stories = query.data ? selectRailStories(query.data, viewer, new Date()) : undefined;

  return (
    <section className="section stories-rail" aria-labelledby="stories-rail-title">
      <h2 id="stories-rail-title" className="section__title">
        {t('rail.title')}
      </h2>
      {stories === undefined ? (
        query.isError ? (
          <p className="muted">{t('rail.error')}</p>
        ) : (
          <div role="status">
            <span className="visually-hidden">{t('rail.loading')}</span>
            <ul className="stories-rail__list" aria-hidden="true">
              {[0, 1, 2, 3].map((i) => (
                <li key={i} className="story-bubble">
                  <span className="story-bubble__ring ct-skeleton ct-skeleton--circle" />
                  <span className="ct-skeleton ct-skeleton--line" style={{ width: '4rem' }} />
                </li>
              ))}
            </ul>
          </div>
        )
      ) : stories.length === 0 ? (
        <p className="muted">{t('rail.empty')}</p>
      ) : (
        <ul className="stories-rail__list">
          {stories.map((story) => {
            const list = storyListOf(story);
            const cover = mediaUrl(story.coverMediaId);
            return (
              <li key={story.id}>
                <Link to="/stories/$id" params={{ id: story.id }} className={`story-bubble story-bubble--${list}`}>
                  <span className="story-bubble__ring">
                    {cover ? <img src={cover} alt="" width={72} height={72} loading="lazy" /> : null}
                  </span>
                  {list === 'live' ? (
                    <span className="story-bubble__live" aria-hidden="true">
                      {t('rail.live')}
                    </span>
                  ) : null}
                  {/* The link is named by its visible title, then its state for screen readers (WCAG 2.5.3). */}
                  <span className="story-bubble__title">{story.title}</span>
                  <span className="visually-hidden"> {t('rail.itemState', { state: t(`rail.state.${list}`) })}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
