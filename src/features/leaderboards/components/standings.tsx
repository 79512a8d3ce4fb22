/**
 * A table's standings: a period picker (buttons with `aria-pressed` in a labelled group), then the
 * rows as a real `<table>` (place, fan, points) with the fan's own row highlighted and marked `aria-current`; when
 * the fan is below the rows shown, their own row follows after a gap. "Updated <time>" says when the server
 * computed it, which matters offline, where the persisted copy is shown.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaderboardPeriodSchema, type Leaderboard, type LeaderboardPeriod, type LeaderboardRow } from '../../../contracts/leaderboard';
import './leaderboards.css';

/** The period buttons; `onChange` gets the chosen period. */
export function PeriodPicker({ value, onChange }: { value: LeaderboardPeriod; onChange: (period: LeaderboardPeriod) => void }) {
  const { t } = useTranslation('leaderboards');
  const labelId = useId();
  return (
    <div className="stack stack--sm">
      <span className="eyebrow" id={labelId}>
        {t('period.label')}
      </span>
      <div className="lang-switch lb-periods" role="group" aria-labelledby={labelId}>
        {LeaderboardPeriodSchema.options.map((period) => (
          <button key={period} type="button" aria-pressed={period === value} onClick={() => onChange(period)}>
            {t(`periodShort.${period}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

function Row({ row }: { row: LeaderboardRow }) {
  const { t, i18n } = useTranslation('leaderboards');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <tr className={row.me ? 'lb-row lb-row--me' : 'lb-row'} aria-current={row.me ? 'true' : undefined}>
      <td className="lb-row__place">{number.format(row.place)}</td>
      <th scope="row" className="lb-row__name">
        {row.name ?? <span className="muted">{t('hidden')}</span>}
        {row.me ? <span className="lb-row__you"> {t('you')}</span> : null}
      </th>
      <td className="lb-row__points">{number.format(row.points)}</td>
    </tr>
  );
}

/** The standings of `table` under the caption `caption`. */
export function Standings({ table, caption }: { table: Leaderboard; caption: string }) {
  const { t, i18n } = useTranslation('leaderboards');
  const ownShown = table.rows.some((r) => r.me);
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(table.computedAt));
  return (
    <div className="stack stack--sm">
      {table.period === 'season' && !table.season ? <p className="muted">{t('noSeason')}</p> : null}
      <table className="lb-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.place')}</th>
            <th scope="col">{t('columns.fan')}</th>
            <th scope="col">{t('columns.points')}</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <Row key={`${row.place}-${i}`} row={row} />
          ))}
          {ownShown ? null : (
            <>
              <tr className="lb-gap" aria-hidden="true">
                <td colSpan={3}>⋯</td>
              </tr>
              <Row row={table.me} />
            </>
          )}
        </tbody>
      </table>
      {table.rows.length === 0 ? <p className="muted">{t('empty')}</p> : null}
      <p className="card__meta">{t('updated', { time: updated })}</p>
    </div>
  );
}
