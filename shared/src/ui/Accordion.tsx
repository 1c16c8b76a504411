import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Accordion.module.css';

export interface AccordionItem {
  readonly question: string;
  readonly answer: ReactNode;
  /** A stable anchor for the item, so a link such as /scorecard/faq#id can open it. */
  readonly id?: string;
}

export interface AccordionProps {
  readonly items: readonly AccordionItem[];
  readonly className?: string;
  /** Level of each question's heading, so it fits the page outline (cards use h4 under an h3). */
  readonly headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Controlled use: which items are open. Toggles are then reported through onToggle. */
  readonly openItems?: readonly boolean[];
  readonly onToggle?: (index: number, open: boolean) => void;
}

/** Question and answer pairs; each opens and closes on its own, independently of the others. */
export function Accordion({ items, className, headingLevel = 4, openItems, onToggle }: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  const baseId = useId();
  const [ownOpen, setOwnOpen] = useState<readonly boolean[]>(() => items.map(() => false));
  const open = openItems ?? ownOpen;
  const toggle = (index: number) => {
    const next = open[index] !== true;
    if (!openItems) setOwnOpen((current) => current.map((value, i) => (i === index ? next : value)));
    onToggle?.(index, next);
  };
  const root = useRef<HTMLDivElement>(null);

  // A question tapped before hydration was opened or closed by the page's early script
  // (shared/build/early-controls.cjs), and hydration keeps the DOM's aria-expanded: the state
  // takes it from there, before the browser paints, so the next tap toggles from what is shown.
  useLayoutEffect(() => {
    const buttons = root.current?.querySelectorAll(':scope > div > * > button[data-early-disclosure]') ?? [];
    buttons.forEach((button, index) => {
      if ((button.getAttribute('aria-expanded') === 'true') !== (open[index] === true)) toggle(index);
    });
    // Once, at mount: later the DOM follows the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div ref={root} className={[styles.accordion, className].filter(Boolean).join(' ')}>
      {items.map((item, index) => {
        const expanded = open[index] === true;
        const panelId = `${baseId}-panel-${index}`;
        const buttonId = `${baseId}-button-${index}`;
        return (
          <div key={item.question} id={item.id} className={styles.item}>
            <Heading className={styles.heading}>
              <button
                id={buttonId}
                type="button"
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                data-early-disclosure=""
                onClick={(event) => {
                  // Tells the early script that React has answered this click.
                  event.preventDefault();
                  toggle(index);
                }}
              >
                <span>{item.question}</span>
                {/* The sign follows aria-expanded in CSS, so the early script changes no text. */}
                <span className={styles.sign} aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={styles.panel}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
