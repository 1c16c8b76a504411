import { useState, type ReactNode } from 'react';
import type { FormId } from '@wpc/shared/form-definitions';
import { PopupForm } from '@wpc/shared/forms/on-demand';
import styles from './Links.module.css';

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
      <PopupForm form={form} open={open} onClose={() => setOpen(false)} scorecardForm pageName={pageName} />
    </>
  );
}
