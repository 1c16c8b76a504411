import { useState, type MouseEvent, type ReactNode } from 'react';
import type { FormId } from '@wpc/shared/form-definitions';
import { formPageHref, PopupForm } from '@wpc/shared/forms/on-demand';
import styles from './Links.module.css';

export interface FormLinkProps {
  readonly form: FormId;
  readonly children: ReactNode;
  /** Feedback only: the page the feedback came from. */
  readonly pageName?: string;
}

/**
 * A link in running text to a form's own page, which opens the form's pop-up instead once the
 * page's scripts run (before that, or without them, it leads to the page). A link, not a button
 * in a form as elsewhere: it sits inside paragraphs, where a form may not. Everything in this area
 * is a scorecard page: scorecardForm is always set.
 */
export function FormLink({ form, children, pageName }: FormLinkProps) {
  const [open, setOpen] = useState(false);
  const openPopup = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <a
        href={formPageHref(form, { scorecardForm: true, pageName })}
        className={styles.formLink}
        aria-haspopup="dialog"
        onClick={openPopup}
      >
        {children}
      </a>
      <PopupForm form={form} open={open} onClose={() => setOpen(false)} scorecardForm pageName={pageName} />
    </>
  );
}
