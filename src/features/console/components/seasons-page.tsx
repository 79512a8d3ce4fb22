/**
 * `/admin/seasons`: the club's seasons, newest first with the current one marked, and the form that
 * starts a new one (name, start as the organization's wall-clock time). Starting a season starts new season tables
 * for fans; private leagues and their members stay. The server audit-logs it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { Spinner } from '../../../components/spinner';
import { useOrganization } from '../../../lib/organization/get-organization';
import { notify } from '../../../platform/toasts';
import { useSeasons, useStartSeason } from '../api/seasons';
import { fromZonedInput, nowZonedInput, toZonedInput } from '../form/datetime';
import { ConsoleHeading } from './console-ui';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** Renders the page. */
export function SeasonsPage() {
  const { t } = useTranslation('console-seasons');
  const { data: organization } = useOrganization();
  const timeZone = organization?.timeZone ?? 'UTC';
  const seasons = useSeasons();
  const start = useStartSeason();
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState(() => nowZonedInput(timeZone));
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const startId = useId();
  const errorId = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const at = fromZonedInput(startsAt, timeZone);
    if (!name.trim() || !at) {
      setError(t('errors.required'));
      return;
    }
    setError(null);
    start.mutate(
      { name: name.trim(), startsAt: at },
      {
        onSuccess: (season) => {
          setName('');
          notify({ title: t('started', { name: season.name }) });
        },
        onError: (err) => setError(err instanceof ApiError && err.code === 'SeasonOrder' ? t('errors.order') : t('errors.generic')),
      },
    );
  };

  return (
    <div className="console-page">
      <ConsoleHeading title={t('title')} />
      <p className="muted">{t('intro')}</p>
      <form className="stack" onSubmit={onSubmit} aria-describedby={error ? errorId : undefined} noValidate>
        <UnsavedChangesGuard isDirty={() => name.trim() !== ''} />
        <h2>{t('form.title')}</h2>
        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            {t('form.name')}
          </label>
          <input id={nameId} className="input" value={name} maxLength={80} required onChange={(e) => setName(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={startId}>
            {t('form.startsAt', { timeZone })}
          </label>
          <input
            id={startId}
            className="input"
            type="datetime-local"
            value={startsAt}
            required
            onChange={(e) => setStartsAt(e.currentTarget.value)}
          />
        </div>
        {error ? (
          <p className="form-error" role="alert" id={errorId}>
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={start.isPending} aria-busy={start.isPending || undefined}>
          {t('form.submit')}
        </button>
      </form>
      <h2>{t('list.title')}</h2>
      {seasons.isPending ? (
        <Spinner label={t('loading')} />
      ) : seasons.isError ? (
        <div role="alert">
          <p>{t('errors.generic')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void seasons.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : seasons.data.length === 0 ? (
        <p className="muted">{t('list.empty')}</p>
      ) : (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{t('list.name')}</th>
              <th scope="col">{t('list.startsAt')}</th>
              <th scope="col">{t('list.status')}</th>
            </tr>
          </thead>
          <tbody>
            {seasons.data.map((season) => (
              <tr key={season.id}>
                <th scope="row">{season.name}</th>
                <td>{toZonedInput(season.startsAt, timeZone).replace('T', ' ')}</td>
                <td>{season.current ? t('list.current') : new Date(season.startsAt) > new Date() ? t('list.upcoming') : t('list.past')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
