/**
 * A daily figure drawn with uPlot (decision 0056: small, canvas, well kept), loaded only when the figures page shows
 * a chart (`React.lazy` in `figures-page.tsx`), so neither the fan app nor the console's other pages carry it.
 *
 * The canvas is a picture: its wrapper is `role="img"` with a label saying what it shows, and the page gives the
 * same numbers in a table beside it. Days are calendar days (`YYYY-MM-DD`), placed at midnight UTC and labelled in
 * UTC, so the axis shows the organization's days whatever the browser's time zone.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line (or bar) series of a chart. */
export interface ChartSeries {
  label: string;
  values: number[];
  /** Drawn as bars instead of a line. */
  bars?: boolean;
}

/** Chart height in CSS pixels. */
const HEIGHT = 220;

/** One day in seconds: the x axis ticks on whole days only. */
const DAY = 86_400;

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

/** Seconds since the epoch of midnight UTC of `day` (`YYYY-MM-DD`): uPlot's x values. */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Draws `series` over `days` with a legend-free uPlot chart sized to its container (it follows the container's
 * width). `label` is the accessible name of the picture.
 */
export default function FiguresChart({ days, series, label, language }: { days: string[]; series: ChartSeries[]; label: string; language: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colours = palette(element);
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const dayLabel = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
        scales: {
          // Half a day of room on each side, so the first and last days' bars are whole.
          x: { time: true, range: (_u, min, max) => [min - DAY / 2, max + DAY / 2] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          {
            ...axis,
            space: 56,
            incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY],
            values: (_u, splits) => splits.map((seconds) => dayLabel.format(new Date(seconds * 1000))),
          },
          // Counts: whole-number ticks only.
          { ...axis, size: 56, incrs: COUNT_STEPS },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: colours.series[i % colours.series.length],
            width: 2,
            ...(s.bars && bars ? { paths: bars, fill: colours.series[i % colours.series.length], points: { show: false } } : {}),
          })),
        ],
      },
      [days.map(secondsOf), ...series.map((s) => s.values)],
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, series, language]);
  return <div ref={container} className="figures-chart" role="img" aria-label={label} />;
}
