import type { ReactNode } from 'react';
import page from '../pages/page.module.css';

/** A section of a page named by its heading, with an introduction under it when it has one. */
export function PageSection({
  id,
  title,
  intro,
  children,
}: {
  readonly id: string;
  readonly title: ReactNode;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <section className={page.section} aria-labelledby={id}>
      <h2 id={id} className={page.sectionTitle}>
        {title}
      </h2>
      {intro !== undefined && <p className={page.sectionIntro}>{intro}</p>}
      {children}
    </section>
  );
}
