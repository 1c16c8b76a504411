import { useState, type ReactNode } from 'react';
import type { FormId } from '@wpc/shared/form-definitions';
import { FormDialog } from '@wpc/shared/forms';
import { AppLink } from '@wpc/shared/navigation';
import styles from './Links.module.css';

export interface LinkButtonProps {
  readonly href: string;
  readonly children: ReactNode;
  readonly variant?: 'primary' | 'secondary';
}

/** A link to another page that looks like the site's buttons (it navigates, so it stays a link). */
export function LinkButton({ href, children, variant = 'primary' }: LinkButtonProps) {
  return (
    <AppLink href={href} className={`${styles.linkButton} ${variant === 'primary' ? styles.primary : styles.secondary}`}>
      {children}
    </AppLink>
  );
}

export interface FormLinkProps {
  readonly form: FormId;
  readonly children: ReactNode;
  /** Feedback only: the page the feedback came from. */
  readonly pageName?: string;
}

/**
 * Text that reads like a link and opens a form's pop-up. It opens a dialog rather than a page,
 * so it is a button. Everything in this area is a scorecard page: scorecardForm is always set.
 */
export function FormLink({ form, children, pageName }: FormLinkProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.formLink} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children}
      </button>
      <FormDialog form={form} open={open} onClose={() => setOpen(false)} scorecardForm pageName={pageName} />
    </>
  );
}
