import { useId } from 'react';
import type { EssentialResult } from '@wpc/shared/assessment';
import styles from './assess.module.css';

export interface RadarChartProps {
  readonly results: readonly EssentialResult[];
  /** Median per essential (0-100) in the same order, when the comparison is open. */
  readonly medians?: readonly number[];
}

const SIZE = 400;
const CENTRE = SIZE / 2;
const RADIUS = 150;
const LABEL_RADIUS = 178;
const RINGS = [20, 40, 60, 80, 100];

function point(index: number, count: number, percent: number, radius = RADIUS): [number, number] {
  // Essential 1 points straight up; the rest follow clockwise.
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
  const distance = (radius * percent) / 100;
  return [CENTRE + distance * Math.cos(angle), CENTRE + distance * Math.sin(angle)];
}

function polygon(values: readonly number[]): string {
  return values
    .map((value, index) =>
      point(index, values.length, value)
        .map((n) => n.toFixed(1))
        .join(','),
    )
    .join(' ');
}

/**
 * The ten essential scores as a radar chart, drawn as plain SVG. Spokes carry the essentials'
 * numbers; the table beside the chart is its text alternative and names them in full.
 */
export function RadarChart({ results, medians }: RadarChartProps) {
  const titleId = useId();
  const descId = useId();
  const count = results.length;
  const scores = results.map((result) => result.percent ?? 0);
  const description = results
    .map(
      (result, index) =>
        `${result.essential.number} ${result.essential.shortTitle}: ${result.percent === null ? 'not answered' : `${result.percent}%`}` +
        (medians ? `, median ${medians[index]}%` : ''),
    )
    .join('; ');
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
    >
      <title id={titleId}>Radar chart of your score for each of the ten essentials</title>
      <desc id={descId}>{description}</desc>
      {RINGS.map((ring) => (
        <polygon key={ring} className={styles.chartRing} points={polygon(Array(count).fill(ring))} />
      ))}
      {results.map((result, index) => {
        const [x, y] = point(index, count, 100);
        return <line key={result.essential.id} className={styles.chartSpoke} x1={CENTRE} y1={CENTRE} x2={x} y2={y} />;
      })}
      {[50, 100].map((ring) => (
        <text key={ring} className={styles.chartTick} x={CENTRE + 4} y={CENTRE - (RADIUS * ring) / 100 + 12}>
          {ring}%
        </text>
      ))}
      {medians ? <polygon className={styles.chartMedian} points={polygon(medians)} /> : null}
      <polygon className={styles.chartScore} points={polygon(scores)} />
      {scores.map((score, index) => {
        const [x, y] = point(index, count, score);
        return <circle key={results[index]!.essential.id} className={styles.chartDot} cx={x} cy={y} r={4} />;
      })}
      {results.map((result, index) => {
        const [x, y] = point(index, count, 100, LABEL_RADIUS);
        return (
          <g key={result.essential.id} className={styles.chartLabel}>
            <circle cx={x} cy={y} r={14} />
            <text x={x} y={y} dy="0.35em" textAnchor="middle">
              {result.essential.number}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
