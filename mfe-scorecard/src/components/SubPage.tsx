import type { ReactNode } from 'react';
import { AppLink } from '@wpc/shared/navigation';
import styles from './SubPage.module.css';

export interface SubPageProps {
  readonly title: string;
  /** The page's name in the breadcrumb trail. */
  readonly crumb: string;
  /** Pages between the scorecard and this one in the trail (a press release: the press releases). */
  readonly trail?: readonly { readonly href: string; readonly label: string }[];
  readonly lead: ReactNode;
  readonly children: ReactNode;
}

/** The frame of every scorecard sub-page: breadcrumb, title band and a reading column. */
export function SubPage({ title, crumb, trail = [], lead, children }: SubPageProps) {
  return (
    <article className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.heroInner}>
          <nav aria-label="Breadcrumb">
            <ol className={styles.crumbs}>
              <li>
                <AppLink href="/scorecard">Scorecard</AppLink>
              </li>
              {trail.map((step) => (
                <li key={step.href}>
                  <AppLink href={step.href}>{step.label}</AppLink>
                </li>
              ))}
              <li aria-current="page">{crumb}</li>
            </ol>
          </nav>
          <h1 className={styles.title}>{title}</h1>
          <div className={styles.lead}>{lead}</div>
        </div>
      </header>
      <div className={styles.body}>{children}</div>
    </article>
  );
}

export interface SectionProps {
  readonly id: string;
  readonly title: string;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
}

/** One titled section of a sub-page. */
export function Section({ id, title, intro, children }: SectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {intro ? <div className={styles.sectionIntro}>{intro}</div> : null}
      {children}
    </section>
  );
}
