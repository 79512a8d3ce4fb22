/**
 * `/admin/figures?period=`: the figures a club watches. A period picker (radio buttons: today, 7
 * days, 30 days, season; kept in the URL), the period's summary numbers, then one section per figure: the daily
 * ones as a chart (uPlot, loaded with the first chart; its axis fits the period, its legend names each series
 * with its unit) with the same numbers in a table behind a disclosure, the
 * challenges and stories as tables. Every figure downloads as CSV from the server (`/api/admin/figures.csv`).
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { FIGURES_PERIODS, type FigureName, type Figures, type FiguresPeriod } from '../../../contracts/admin/figures';
import { notify } from '../../../platform/toasts';
import { fetchFigureCsv, useFigures } from '../api/get-figures';
import type { ChartSeries } from './figures-chart';
import { ConsoleHeading } from './console-ui';

const FiguresChart = lazy(() => import('./figures-chart'));

/** `t` of the figures' own namespace (`console-figures`, en and fr). */
const useFiguresText = () => useTranslation('console-figures');

/** A daily figure as the page draws it: its name, its days and its series. */
interface DailyFigure {
  name: FigureName;
  days: string[];
  series: ChartSeries[];
  about?: string;
}

/** Renders the dashboard for the period of the URL (7 days when none). */
export function FiguresPage({ period = '7d' }: { period?: FiguresPeriod }) {
  const { t } = useFiguresText();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch, isFetching } = useFigures(period);
  const choose = (next: FiguresPeriod) =>
    void navigate({
      to: '/admin/$resource',
      params: { resource: 'figures' },
      search: { period: next === '7d' ? undefined : next },
      replace: true,
    });
  return (
    <div className="console-page figures">
      <ConsoleHeading title={t('title')} />
      <p className="muted">{t('intro')}</p>
      <fieldset className="figures-periods">
        <legend className="figures-periods__legend">{t('period.label')}</legend>
        {FIGURES_PERIODS.map((value) => (
          <label key={value} className="figures-periods__option">
            <input type="radio" name="figures-period" value={value} checked={period === value} onChange={() => choose(value)} />
            <span>{t(`period.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {isPending ? (
        <Spinner label={t('loading')} />
      ) : isError ? (
        <div role="alert">
          <p>{t('error')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <FiguresBody figures={data} busy={isFetching} />
      )}
    </div>
  );
}

/** The figures of one period: range, summary and sections. */
function FiguresBody({ figures, busy }: { figures: Figures; busy: boolean }) {
  const { t, i18n } = useFiguresText();
  const language = i18n.resolvedLanguage ?? 'en';
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const date = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }), [language]);
  const formatDay = (day: string) => date.format(new Date(`${day}T00:00:00Z`));
  const days = useMemo(() => figures.members.days.map((d) => d.day), [figures]);
  const daily = useMemo<DailyFigure[]>(() => {
    /** A series of figure `name`: its legend says its unit (`units.{name}`). */
    const series = (name: FigureName, label: string, values: number[], bars?: boolean): ChartSeries => ({
      label,
      legend: t('chart.legend', { series: label, unit: t(`units.${name}`) }),
      values,
      bars,
    });
    return [
      {
        name: 'members',
        days,
        series: [
          series(
            'members',
            t('series.new'),
            figures.members.days.map((d) => d.new),
            true,
          ),
          series(
            'members',
            t('series.active'),
            figures.members.days.map((d) => d.active),
          ),
        ],
        about: t('about.members'),
      },
      {
        name: 'checkins',
        days,
        series: [
          series(
            'checkins',
            t('series.count'),
            figures.checkins.days.map((d) => d.count),
            true,
          ),
        ],
      },
      {
        name: 'points',
        days,
        series: [
          series(
            'points',
            t('series.earned'),
            figures.points.days.map((d) => d.earned),
          ),
          series(
            'points',
            t('series.spent'),
            figures.points.days.map((d) => d.spent),
          ),
          series(
            'points',
            t('series.expired'),
            figures.points.days.map((d) => d.expired),
          ),
        ],
        about: t('about.points'),
      },
      {
        name: 'sweepstake-entries',
        days,
        series: [
          series(
            'sweepstake-entries',
            t('series.count'),
            figures.sweepstakeEntries.days.map((d) => d.count),
            true,
          ),
        ],
        about: t('about.sweepstake-entries', { entrants: number.format(figures.sweepstakeEntries.entrants) }),
      },
      {
        name: 'video-views',
        days,
        series: [
          series(
            'video-views',
            t('series.count'),
            figures.videoViews.days.map((d) => d.count),
            true,
          ),
        ],
      },
      {
        name: 'article-reads',
        days,
        series: [
          series(
            'article-reads',
            t('series.count'),
            figures.articleReads.days.map((d) => d.count),
            true,
          ),
        ],
      },
    ];
  }, [figures, days, t, number]);
  const summary: Array<[string, number]> = [
    ['members', figures.members.total],
    ['newMembers', figures.members.new],
    ['activeMembers', figures.members.active],
    ['checkins', figures.checkins.total],
    ['pointsEarned', figures.points.earned],
    ['pointsSpent', figures.points.spent],
    ['pointsExpired', figures.points.expired],
    ['sweepstakeEntries', figures.sweepstakeEntries.total],
    ['videoViews', figures.videoViews.total],
    ['articleReads', figures.articleReads.total],
    ['referralsClaimed', figures.referrals.claimed],
    ['referralsRewarded', figures.referrals.rewarded],
  ];
  const maxParticipants = Math.max(1, ...figures.challenges.map((c) => c.participants));
  return (
    <div className="figures__body" aria-busy={busy || undefined}>
      <p className="figures__range">
        {t('period.range', { from: formatDay(figures.from), to: formatDay(figures.to), timeZone: figures.timeZone })}
        {figures.period === 'season' ? ` ${t('period.seasonHelp')}` : null}
      </p>
      <section aria-label={t('summary.label')}>
        <dl className="figures-summary">
          {summary.map(([key, value]) => (
            <div key={key} className="card figures-summary__item">
              <dt className="muted">{t(`summary.${key}`)}</dt>
              <dd className="figures-summary__value" data-figure={key}>
                {number.format(value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {daily.map((figure) => (
        <FigureSection key={figure.name} figure={figure.name} range={figures} about={figure.about}>
          <Suspense fallback={<div className="figures-chart figures-chart--loading" aria-hidden="true" />}>
            <FiguresChart
              period={figures.period}
              from={figures.from}
              to={figures.to}
              days={figure.days}
              series={figure.series}
              unit={t(`units.${figure.name}`)}
              legendName={t('chart.legendName', { figure: t(`figures.${figure.name}`) })}
              language={language}
              label={t('chart.label', {
                figure: t(`figures.${figure.name}`),
                series: figure.series.map((s) => s.label).join(', '),
                axis:
                  figures.period === 'today'
                    ? t('chart.axisHours', { day: formatDay(figures.from) })
                    : t('chart.axisDays', { from: formatDay(figures.from), to: formatDay(figures.to) }),
              })}
            />
          </Suspense>
          <details className="figures-table">
            <summary>{t('chart.table')}</summary>
            <table className="console-table">
              <caption className="visually-hidden">{t(`figures.${figure.name}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('chart.day')}</th>
                  {figure.series.map((s) => (
                    <th key={s.label} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {figure.days.map((day, i) => (
                  <tr key={day}>
                    <th scope="row">
                      <time dateTime={day}>{formatDay(day)}</time>
                    </th>
                    {figure.series.map((s) => (
                      <td key={s.label}>{number.format(s.values[i])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </FigureSection>
      ))}
      <FigureSection figure="challenges" range={figures} about={t('about.challenges')}>
        {figures.challenges.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <table className="console-table">
            <caption className="visually-hidden">{t('figures.challenges')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.challenge')}</th>
                <th scope="col">{t('columns.type')}</th>
                <th scope="col">{t('columns.participants')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.challenges.map((challenge) => (
                <tr key={challenge.id}>
                  <th scope="row">{challenge.title}</th>
                  <td>{challenge.subtype}</td>
                  <td>
                    <span
                      className="figures-bar"
                      aria-hidden="true"
                      style={{ inlineSize: `${(challenge.participants / maxParticipants) * 100}%` }}
                    />
                    {number.format(challenge.participants)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </FigureSection>
      <FigureSection figure="stories" range={figures} about={t('about.stories')}>
        {figures.stories.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <table className="console-table">
            <caption className="visually-hidden">{t('figures.stories')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.story')}</th>
                <th scope="col">{t('columns.chapters')}</th>
                <th scope="col">{t('columns.viewers')}</th>
                <th scope="col">{t('columns.completions')}</th>
                <th scope="col">{t('columns.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.stories.map((story) => (
                <tr key={story.id}>
                  <th scope="row">{story.title}</th>
                  <td>{number.format(story.chapters)}</td>
                  <td>{number.format(story.viewers)}</td>
                  <td>{number.format(story.completions)}</td>
                  <td>
                    {new Intl.NumberFormat(language, { style: 'percent' }).format(story.viewers ? story.completions / story.viewers : 0)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </FigureSection>
    </div>
  );
}

/** One figure's section: its heading, a note on what it counts, its content and its CSV download. */
function FigureSection({
  figure,
  range,
  about,
  children,
}: {
  figure: FigureName;
  range: Pick<Figures, 'period' | 'from' | 'to'>;
  about?: string;
  children: ReactNode;
}) {
  const { t } = useFiguresText();
  const [busy, setBusy] = useState(false);
  const title = t(`figures.${figure}`);
  const download = async () => {
    setBusy(true);
    try {
      const csv = await fetchFigureCsv(range.period, figure);
      const name = `${figure}-${range.from}-${range.to}.csv`;
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      URL.revokeObjectURL(url);
      notify({ title: t('downloaded', { name }) });
    } catch {
      notify({ title: t('downloadFailed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const id = `figure-${figure}`;
  return (
    <section className="console-fieldset figures-section" aria-labelledby={id}>
      <div className="figures-section__head">
        <h2 id={id} className="console-section-title">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {t('download')}
          <span className="visually-hidden"> {t('downloadOf', { figure: title })}</span>
        </button>
      </div>
      {about ? <p className="muted">{about}</p> : null}
      {children}
    </section>
  );
}
