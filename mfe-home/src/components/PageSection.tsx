import type { ReactNode } from 'react';
import page from '../pages/page.module.css';

interface Props {
  /** The heading's id, which names the section. */
  readonly headingId: string;
  readonly title: string;
  readonly intro?: string;
  /** The section's own id, where a link on the page leads to it. */
  readonly id?: string;
  /** What the section adds to the page's section style. */
  readonly className?: string;
  readonly children: ReactNode;
}

/** A section of a home-area page: named by its heading, with an optional line of introduction. */
export function PageSection({ headingId, title, intro, id, className, children }: Props) {
  return (
    <section id={id} className={className ? `${page.section} ${className}` : page.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={page.sectionTitle}>
        {title}
      </h2>
      {intro ? <p className={page.sectionIntro}>{intro}</p> : null}
      {children}
    </section>
  );
}
