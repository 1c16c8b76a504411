import type { ReactNode } from 'react';
import type { FormPageContent } from '../content/forms-pages';
import { SubPage } from './SubPage';
import styles from './FormPage.module.css';

export interface FormPageProps {
  readonly content: FormPageContent;
  /** The page's inline form. */
  readonly children: ReactNode;
  /** Extra lines under the side list, e.g. links. */
  readonly asideFooter?: ReactNode;
}

/** A sub-page whose main content is one form, with what to expect beside it. */
export function FormPage({ content, children, asideFooter }: FormPageProps) {
  return (
    <SubPage title={content.title} crumb={content.crumb} lead={<p>{content.lead}</p>}>
      <div className={styles.layout}>
        <div className={styles.form}>{children}</div>
        <section className={styles.aside} aria-labelledby="form-page-aside">
          <h2 id="form-page-aside" className={styles.asideTitle}>
            {content.asideTitle}
          </h2>
          <ul className={styles.list}>
            {content.asideItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {asideFooter}
        </section>
      </div>
    </SubPage>
  );
}
