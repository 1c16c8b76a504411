import * as Plot from '@observablehq/plot';
import type { ImpactReport } from '@wpc/shared/team/impact-schemas';
import type { Draw } from './ChartSection';

/**
 * The page's charts, drawn by Observable Plot (SVG, no eval), in an effect only. Colours come from
 * the design tokens, read when a chart is drawn: SVG presentation attributes cannot use var().
 */
export const token = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || 'currentColor';
const colours = () => ({
  first: token('--wpc-color-forest'),
  second: token('--wpc-color-ember-dark'),
  muted: token('--wpc-color-ink-muted'),
});

const date = (day: string) => new Date(`${day}T00:00:00Z`);
const byDay = (d: { readonly day: string }) => date(d.day);
const common = (width: number) => ({ width, marginLeft: 48, style: { fontSize: '14px' } });
/** A day axis and a count per day; the two series named in the legend take the first two colours. */
const perDay = (width: number, series: readonly [string, string]) => {
  const { first, second } = colours();
  return {
    ...common(width),
    x: { type: 'utc' as const, label: null },
    y: { grid: true, label: 'Per day', zero: true },
    color: { legend: true, domain: [...series], range: [first, second] },
  };
};

/** One series of a per-day chart as a line, coloured by its legend name. */
const dayLine = <T extends { readonly day: string }>(rows: readonly T[], y: keyof T & string, series: string) =>
  Plot.lineY(rows, { x: byDay, y, stroke: () => series });

/** Views and unique visitors per day. */
export const visitsChart =
  (visits: ImpactReport['visits']): Draw =>
  (width) =>
    Plot.plot({
      ...perDay(width, ['Views', 'Visitors']),
      marks: [dayLine(visits, 'views', 'Views'), dayLine(visits, 'visitors', 'Visitors')],
    });

interface Compared {
  readonly label: string;
  readonly current: number;
  readonly previous: number;
}

/** Horizontal bars for this period, a tick for the period before, largest first. */
export const comparedBars =
  (rows: readonly Compared[]): Draw =>
  (width) => {
    const { first, second } = colours();
    return Plot.plot({
      ...common(width),
      marginLeft: Math.min(200, width / 3),
      x: { grid: true, label: 'This period (bar), previous period (tick)', zero: true },
      y: { label: null, domain: rows.map((row) => row.label) },
      marks: [
        Plot.barX(rows, { x: 'current', y: 'label', fill: first }),
        Plot.tickX(rows, { x: 'previous', y: 'label', stroke: second, strokeWidth: 3 }),
      ],
    });
  };

/** Scorecard zips served and download forms sent per day. */
export const downloadsChart =
  (downloads: ImpactReport['downloads']): Draw =>
  (width) =>
    Plot.plot({
      ...perDay(width, ['Zips served', 'Download forms sent']),
      marks: [
        Plot.rectY(downloads, {
          x: byDay,
          interval: 'day',
          y: 'served',
          fill: () => 'Zips served',
        }),
        dayLine(downloads, 'formsSent', 'Download forms sent'),
      ],
    });

/** Subscribers at each day's end, with the day's confirmations and departures as ticks below. */
export const listGrowthChart =
  (growth: ImpactReport['listGrowth']): Draw =>
  (width) => {
    const { first, muted } = colours();
    return Plot.plot({
      ...common(width),
      x: { type: 'utc', label: null },
      y: { grid: true, label: 'Confirmed subscribers', zero: true },
      marks: [
        Plot.areaY(growth, {
          x: byDay,
          y: 'subscribers',
          fill: muted,
          fillOpacity: 0.3,
        }),
        Plot.lineY(growth, {
          x: byDay,
          y: 'subscribers',
          stroke: first,
        }),
      ],
    });
  };
