import { useId, useState, type ReactNode } from 'react';
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

  return (
    <div className={[styles.accordion, className].filter(Boolean).join(' ')}>
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
                onClick={() => toggle(index)}
              >
                <span>{item.question}</span>
                <span className={styles.sign} aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
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
