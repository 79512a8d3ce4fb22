/** A playlist as a row card linking to `/media/playlists/{id}` (title and video count). */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Playlist } from '../api/get-playlists';

/** Renders the card. */
export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const { t } = useTranslation('media');
  return (
    <Link to="/media/playlists/$id" params={{ id: playlist.id }} className="card card--interactive ct-row">
      <div className="ct-row__body">
        <h3 className="ct-row__title">{playlist.title}</h3>
        <p className="ct-row__meta">{t('playlists.count', { count: playlist.videoIds.length })}</p>
      </div>
    </Link>
  );
}
