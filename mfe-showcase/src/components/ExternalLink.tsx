import type { ReactNode } from 'react';
import { DATA_OUTCOME, type BrowserOutcome } from '@wpc/shared/events';
import { buttonClassName } from '@wpc/shared/ui';
import styles from './LinkButton.module.css';

export interface ExternalLinkProps {
  readonly href: string;
  readonly children: ReactNode;
  /** Looks like the site's buttons (a call to action) rather than a text link. */
  readonly look?: 'primary' | 'secondary' | 'text';
  readonly className?: string;
  /** A click the Impact page counts (the partner's Register and Apply pages). */
  readonly impact?: Extract<BrowserOutcome, 'partner-register' | 'partner-apply'>;
}

/** A link to another site, opened in a new tab, and saying so to screen-reader users. */
export function ExternalLink({ href, children, look = 'text', className, impact }: ExternalLinkProps) {
  const extra = [look === 'text' ? styles.text : styles.cta, className].filter(Boolean).join(' ');
  const classes = look === 'text' ? extra : buttonClassName(look, extra);
  return (
    <a className={classes} href={href} target="_blank" rel="noopener noreferrer" {...{ [DATA_OUTCOME]: impact }}>
      {children}
      <span className="wpc-visually-hidden"> (opens in a new tab)</span>
      <svg className={styles.icon} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M9 2h5v5M14 2L7 9M12 10v4H2V4h4" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </a>
  );
}
