import { useId } from 'react';
import type { Essential } from '@wpc/shared/scorecard';
import styles from './EssentialsInfographic.module.css';

/** One colour per essential, each dark enough for white text. */
export const ESSENTIAL_COLOURS: readonly string[] = [
  '#1f5134',
  '#2e7d32',
  '#3f6f3a',
  '#0f4c81',
  '#1d5f8a',
  '#6a4c93',
  '#8a1c12',
  '#9a3412',
  '#c2410c',
  '#7a5a1e',
];

const SIZE = 480;
const CENTRE = SIZE / 2;
const OUTER = 228;
const INNER = 92;

const round = (value: number) => Math.round(value * 100) / 100;

function point(radius: number, angle: number): string {
  return `${round(CENTRE + radius * Math.cos(angle))} ${round(CENTRE + radius * Math.sin(angle))}`;
}

/** A ring segment from one angle to another (radians, clockwise from 12 o'clock). */
function segmentPath(start: number, end: number): string {
  const a = start - Math.PI / 2;
  const b = end - Math.PI / 2;
  return [
    `M${point(OUTER, a)}`,
    `A${OUTER} ${OUTER} 0 0 1 ${point(OUTER, b)}`,
    `L${point(INNER, b)}`,
    `A${INNER} ${INNER} 0 0 0 ${point(INNER, a)}`,
    'Z',
  ].join(' ');
}

/** Splits a short title into at most two lines of roughly equal length. */
function twoLines(text: string): readonly string[] {
  const words = text.split(' ');
  if (words.length === 1) return words;
  let best: readonly string[] = [text];
  let bestWidth = Infinity;
  for (let cut = 1; cut < words.length; cut += 1) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const width = Math.max(...lines.map((line) => line.length));
    if (width < bestWidth) {
      best = lines;
      bestWidth = width;
    }
  }
  return best;
}

export interface EssentialsInfographicProps {
  readonly essentials: readonly Essential[];
}

/**
 * The Ten Essentials as a wheel around the community, with the full list beside it: the list
 * is the text alternative, so the drawing itself is named in one sentence.
 */
export function EssentialsInfographic({ essentials }: EssentialsInfographicProps) {
  const titleId = useId();
  const descriptionId = useId();
  const step = (2 * Math.PI) / essentials.length;

  return (
    <figure className={styles.infographic}>
      <svg
        className={styles.wheel}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        width={SIZE}
        height={SIZE}
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        focusable="false"
      >
        <title id={titleId}>The Ten Essentials of wildfire resilience</title>
        <desc id={descriptionId}>
          A wheel of ten numbered segments around the words Community Wildfire Resilience, one segment for each
          essential, listed in full beside the wheel.
        </desc>
        {essentials.map((essential, index) => {
          const middle = (index + 0.5) * step - Math.PI / 2;
          const labelRadius = (OUTER + INNER) / 2 + 6;
          const [x, y] = point(labelRadius, middle).split(' ').map(Number) as [number, number];
          const lines = twoLines(essential.shortTitle);
          return (
            <g key={essential.id}>
              <path
                d={segmentPath(index * step, (index + 1) * step)}
                fill={ESSENTIAL_COLOURS[index % ESSENTIAL_COLOURS.length]}
                stroke="#fff"
                strokeWidth="3"
              />
              <text x={x} y={y - 22} textAnchor="middle" className={styles.number}>
                {essential.number}
              </text>
              {lines.map((line, lineIndex) => (
                <text key={line} x={x} y={y + lineIndex * 15} textAnchor="middle" className={styles.label}>
                  {line}
                </text>
              ))}
            </g>
          );
        })}
        <circle cx={CENTRE} cy={CENTRE} r={INNER - 8} className={styles.hub} />
        {['Community', 'Wildfire', 'Resilience'].map((word, index) => (
          <text key={word} x={CENTRE} y={CENTRE - 14 + index * 20} textAnchor="middle" className={styles.hubText}>
            {word}
          </text>
        ))}
      </svg>
      <figcaption className={styles.legend}>
        <ol className={styles.list}>
          {essentials.map((essential, index) => (
            <li key={essential.id} className={styles.item}>
              <span
                className={styles.badge}
                style={{ background: ESSENTIAL_COLOURS[index % ESSENTIAL_COLOURS.length] }}
                aria-hidden="true"
              >
                {essential.number}
              </span>
              <span>
                <strong className={styles.itemTitle}>{essential.title}</strong>
                <span className={styles.itemText}>{essential.description}</span>
              </span>
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
