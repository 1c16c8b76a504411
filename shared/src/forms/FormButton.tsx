import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { FormId } from '@wpc/shared/form-definitions';
import { Button, type ButtonProps } from '@wpc/shared/ui';

// The pop-up brings the form, its field rules and the API client: fetched when a visitor first
// reaches for the button (pointer or keyboard) rather than with every page that shows one.
const loadForms = () => import('@wpc/shared/forms');
const FormDialog = lazy(() => loadForms().then(({ FormDialog }) => ({ default: FormDialog })));
const prefetch = () => void loadForms().catch(() => undefined);

export interface FormButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'form'> {
  readonly form: FormId;
  readonly children: ReactNode;
  readonly scorecardForm?: boolean;
  readonly pageName?: string;
  /** Start with the pop-up open (the showcase page's notify form, spec §2). */
  readonly defaultOpen?: boolean;
}

/**
 * A button that opens a form's pop-up: the usual way a page offers a form. Closed, the pop-up
 * renders nothing (in the prerendered HTML too), so loading it later changes no hydrated markup.
 */
export function FormButton({
  form,
  children,
  scorecardForm,
  pageName,
  defaultOpen = false,
  ...buttonProps
}: FormButtonProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <Button
        onPointerEnter={prefetch}
        onFocus={prefetch}
        {...buttonProps}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FormDialog
            form={form}
            open
            onClose={() => setOpen(false)}
            scorecardForm={scorecardForm}
            pageName={pageName}
          />
        </Suspense>
      )}
    </>
  );
}
