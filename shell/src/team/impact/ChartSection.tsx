import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@wpc/shared/ui';
import { downloadCsv, toCsv, type Column } from './csv';
import styles from './ImpactPage.module.css';

/** Draws a chart into a node it owns (Plot builds SVG with d3 in the DOM: never on the server). */
export type Draw = (width: number) => SVGSVGElement | HTMLElement;

/**
 * A chart drawn in the browser only, in an effect, so the page renders on the server without it.
 * Its numbers are in the table below it, so the drawing is an image with a summary for screen readers.
 */
export function PlotFigure({ draw, summary }: { readonly draw: Draw; readonly summary: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const chart = draw(Math.max(280, Math.min(node.clientWidth || 640, 960)));
    // Plot names its mark groups with aria-label, which a <g> without a role may not carry (axe:
    // aria-prohibited-attr); the drawing is one image here, named by the summary.
    for (const labelled of chart.querySelectorAll('[aria-label], [aria-description]')) {
      labelled.removeAttribute('aria-label');
      labelled.removeAttribute('aria-description');
    }
    node.replaceChildren(chart);
    return () => chart.remove();
  }, [draw]);
  return <div ref={host} className={styles.chart} role="img" aria-label={summary} />;
}

/** A chart's numbers as a table that scrolls inside its own region when it is wider than the screen. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
}: {
  readonly caption: string;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
}) {
  const id = useId();
  if (rows.length === 0) return <p>No data for this period.</p>;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard must be able to scroll a wide table (axe: scrollable-region-focusable)
    <div className={styles.scroll} role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? styles.numeric : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column, at) =>
                at === 0 ? (
                  <th key={column.label} scope="row">
                    {column.value(row)}
                  </th>
                ) : (
                  <td key={column.label} className={column.numeric ? styles.numeric : undefined}>
                    {column.value(row).toLocaleString('en-US')}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One chart of the page: its heading, the drawing, its table, and a CSV of the same numbers. */
export function ChartSection<Row>({
  id,
  title,
  intro,
  summary,
  draw,
  columns,
  rows,
  filename,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly intro?: ReactNode;
  /** What the drawing shows, for screen readers (its numbers are in the table). */
  readonly summary?: string;
  readonly draw?: Draw;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly filename: string;
  readonly children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      {intro && <p>{intro}</p>}
      {children}
      {draw && rows.length > 0 && <PlotFigure draw={draw} summary={summary ?? title} />}
      <DataTable caption={`${title}: the numbers`} columns={columns} rows={rows} />
      {rows.length > 0 && (
        <Button variant="secondary" onClick={() => downloadCsv(filename, toCsv(columns, rows))}>
          Download CSV<span className="wpc-visually-hidden"> of {title}</span>
        </Button>
      )}
    </section>
  );
}
