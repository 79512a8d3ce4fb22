/**
 * The videos of a playlist, chosen from the organization's videos and kept in order: the chosen ones are listed
 * with "Move up", "Move down" and "Remove" buttons (focus stays on the moved video's button), and a select adds
 * another. Takes the chosen video ids and calls `onChange` with the new ordered list; a polite live region says
 * where a video went. Videos are read from the admin list (`AdminVideoListResponseSchema`).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { arrayMove } from '@dnd-kit/sortable';
import { AdminVideoListResponseSchema, type AdminVideo } from '../../../contracts/admin/video';
import { adminListQueryOptions } from '../api/admin-api';
import { useConsoleText } from './use-console-text';

interface VideoPickerProps {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  describedBy: string;
  invalid?: boolean;
}

/** Renders the ordered chooser of videos (see the module note). */
export function VideoPicker({ id, label, value, onChange, describedBy, invalid }: VideoPickerProps) {
  const { t } = useConsoleText();
  const videos = useQuery(adminListQueryOptions<AdminVideo>('videos', { page: 1 }, AdminVideoListResponseSchema));
  const [next, setNext] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const nameOf = (videoId: string) => videos.data?.data.find((v) => v.id === videoId)?.name ?? videoId;
  const left = (videos.data?.data ?? []).filter((v) => !value.includes(v.id));
  const move = (from: number, to: number) => {
    onChange(arrayMove([...value], from, to));
    setAnnouncement(t('playlists.moved', { name: nameOf(value[from]), position: to + 1, total: value.length }));
  };
  return (
    <fieldset className="console-fieldset" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="field__label">{label}</legend>
      {value.length === 0 ? <p className="muted">{t('playlists.none')}</p> : null}
      <ol className="console-chapters">
        {value.map((videoId, index) => (
          <li key={videoId} className="console-chapter__bar">
            <span className="console-chapter__title">{nameOf(videoId)}</span>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
              aria-label={t('stories.moveUp', { name: nameOf(videoId) })}
            >
              {t('stories.up')}
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={index === value.length - 1}
              onClick={() => move(index, index + 1)}
              aria-label={t('stories.moveDown', { name: nameOf(videoId) })}
            >
              {t('stories.down')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => onChange(value.filter((v) => v !== videoId))}
              aria-label={t('stories.remove', { name: nameOf(videoId) })}
            >
              {t('stories.removeShort')}
            </button>
          </li>
        ))}
      </ol>
      <div className="console-row">
        <label className="field__label" htmlFor={id}>
          {t('playlists.add')}
        </label>
        <select id={id} className="select input" value={next} onChange={(e) => setNext(e.currentTarget.value)}>
          <option value="">{t('form.choose')}</option>
          {left.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={!next}
          onClick={() => {
            onChange([...value, next]);
            setAnnouncement(t('playlists.added', { name: nameOf(next), position: value.length + 1 }));
            setNext('');
          }}
        >
          {t('playlists.addButton')}
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}
