import { useEffect, useRef, useState } from 'react';
import { onMessage, type SiteMessage } from '@wpc/shared/events';
import styles from './MessageCentre.module.css';

/** Shows the latest success or error message any area raised, until the visitor dismisses it. */
export function MessageCentre() {
  const [message, setMessage] = useState<SiteMessage | null>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);

  useEffect(() => onMessage(setMessage), []);

  return (
    // The live region stays in the page so screen readers announce what appears inside it.
    <div className={styles.region} aria-live="polite">
      {message && (
        <div
          className={styles.message}
          data-tone={message.tone}
          data-kind={message.kind}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          <p className={styles.text}>{message.text}</p>
          <button ref={dismissRef} type="button" className={styles.dismiss} onClick={() => setMessage(null)}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
