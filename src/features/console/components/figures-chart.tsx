/**
 * A daily figure drawn with uPlot (small, canvas, well kept), loaded only when the figures page shows
 * a chart (`React.lazy` in `figures-page.tsx`), so neither the fan app nor the console's other pages carry it.
 *
 * The time axis fits the period (`figuresAxis`): its range is the period's days exactly, its ticks
 * are the hours of today, days, or the months of the season. Days are calendar days (`YYYY-MM-DD`), placed at UTC
 * (each value in the middle of its day) and labelled in UTC, so the axis shows the organization's days whatever
 * the browser's time zone. The y axis is labelled with the figure's unit, and a legend under the chart names each
 * series with its unit. The canvas is a picture: it is `role="img"` with a label saying what it shows (and the
 * axis's span), the legend sits outside it so it is read, and the page gives the same numbers in a table.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { FiguresPeriod } from '../../../contracts/admin/figures';
import { dayPosition, figuresAxis } from '../../../rules/figures-period';

/** One line (or bar) series of a chart. */
export interface ChartSeries {
  label: string;
  /** Its name in the legend, with the unit, e.g. "Earned (points)". */
  legend: string;
  values: number[];
  /** Drawn as bars instead of a line. */
  bars?: boolean;
}

/** Chart height in CSS pixels. */
const HEIGHT = 240;

/** Steps between the y axis's ticks: 1, 2, 5, 10, 20, 50, ... up to 50 million. */
const COUNT_STEPS = Array.from({ length: 8 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/** The theme's colours (its tokens when set, read once per chart): series, axis text and grid lines. */
function palette(element: HTMLElement) {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: [token('--brand', '#0055A4'), token('--color-warning', '#b45309'), token('--color-success', '#15803d')],
    text: token('--color-text-muted', '#555'),
    grid: token('--color-border', '#ddd'),
  };
}

/** What a chart draws and how it is named. */
interface FiguresChartProps {
  period: FiguresPeriod;
  /** The period's first and last days, `YYYY-MM-DD`. */
  from: string;
  to: string;
  days: string[];
  series: ChartSeries[];
  /** The unit of every series (the y axis's title), translated, e.g. "points". */
  unit: string;
  /** The accessible name of the legend. */
  legendName: string;
  /** The accessible name of the picture. */
  label: string;
  language: string;
}

/** Draws `series` over `days` on the axis of `period`, sized to its container (it follows the container's width). */
export default function FiguresChart({ period, from, to, days, series, unit, legendName, label, language }: FiguresChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const legend = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    const legendHost = legend.current;
    if (!element || !legendHost) return;
    const colours = palette(element);
    const axisOfPeriod = figuresAxis(period, from, to);
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const tickLabel = new Intl.DateTimeFormat(language, { ...axisOfPeriod.label, timeZone: 'UTC' });
    const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        // The legend names the series (no live values: the cursor is off); it is mounted outside the picture.
        legend: {
          show: true,
          live: false,
          mount: (_self, table) => {
            table.setAttribute('aria-label', legendName);
            legendHost.replaceChildren(table);
          },
        },
        cursor: { show: false },
        hooks: {
          // The span the drawn axis covers, as the chart set it (read by the end-to-end test of the axis).
          setScale: [
            (u, key) => {
              const { min, max } = u.scales.x;
              if (key !== 'x' || min == null || max == null) return;
              element.dataset.axisFrom = new Date(min * 1000).toISOString();
              element.dataset.axisTo = new Date(max * 1000).toISOString();
            },
          ],
        },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
        scales: {
          x: { time: true, range: () => [axisOfPeriod.min, axisOfPeriod.max] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          {
            ...axis,
            space: 40,
            splits: () => axisOfPeriod.ticks,
            values: (_u, splits) => splits.map((seconds) => tickLabel.format(new Date(seconds * 1000))),
          },
          // Counts: whole-number ticks only, under the figure's unit.
          { ...axis, size: 56, incrs: COUNT_STEPS, label: unit, labelSize: 20 },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.legend,
            stroke: colours.series[i % colours.series.length],
            width: 2,
            ...(s.bars && bars ? { paths: bars, fill: colours.series[i % colours.series.length], points: { show: false } } : {}),
          })),
        ],
      },
      [days.map(dayPosition), ...series.map((s) => s.values)],
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [period, from, to, days, series, unit, legendName, language]);
  return (
    <div className="figures-chart-wrap">
      <div ref={container} className="figures-chart" role="img" aria-label={label} />
      <div ref={legend} className="figures-chart__legend" />
    </div>
  );
}
