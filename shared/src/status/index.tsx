import styles from './status.module.css';

export interface SectionUnavailableProps {
  /** What the visitor was trying to see, e.g. "The scorecard". */
  readonly section: string;
  readonly onRetry: () => void;
}

/** Shown in place of an area that failed to load or crashed; the rest of the site keeps working. */
export function SectionUnavailable({ section, onRetry }: SectionUnavailableProps) {
  return (
    <section className={styles.panel} role="alert" aria-labelledby="section-unavailable-title">
      <h1 id="section-unavailable-title" className={styles.title}>
        This section is unavailable right now
      </h1>
      <p>
        {section} could not be loaded. The rest of the site still works, so you can keep browsing with the menu, or try
        this section again.
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}

export function SectionLoading({ section }: { readonly section: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      Loading {section.toLowerCase()}…
    </div>
  );
}
