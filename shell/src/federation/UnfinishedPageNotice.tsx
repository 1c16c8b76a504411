import styles from './UnfinishedPageNotice.module.css';

/** Above a prerendered page whose scripts could not be loaded: it reads fine, but cannot act. */
export function UnfinishedPageNotice({ section, onRetry }: { readonly section: string; readonly onRetry: () => void }) {
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.text}>
        {section} could not finish loading, so its buttons and forms will not work yet. You can keep reading, or try
        again.
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
