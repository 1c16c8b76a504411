// The forms as a page first needs them: a button, pop-ups that are closed and an inline form that
// is below the fold weigh next to nothing until used. The forms module itself (the form, its field
// rules and the API client) is fetched when a visitor reaches for one, not with every page.
import { lazy, memo, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FormId } from '@wpc/shared/form-definitions';
import type { FormDialogProps, InlineFormProps, PopupFormProps } from '@wpc/shared/forms';
import { Button, type ButtonProps } from '@wpc/shared/ui';

const loadForms = () => import('@wpc/shared/forms');
const prefetch = () => void loadForms().catch(() => undefined);

const FormDialog = lazy(() => loadForms().then(({ FormDialog }) => ({ default: FormDialog })));

/** A pop-up form. Closed it renders nothing (in the prerendered HTML too), so it loads when opened. */
export function PopupForm({ open, ...props }: FormDialogProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FormDialog open {...props} />
    </Suspense>
  );
}

const popup = (form: FormId) => (props: PopupFormProps) => <PopupForm form={form} {...props} />;
export const DownloadPopup = popup('download');
export const NotifyPopup = popup('notify');
export const SubscribePopup = popup('subscribe');
export const SponsorPopup = popup('sponsor');
export const CollabPopup = popup('collab');
export const FeedbackPopup = popup('feedback');
export const ContactPopup = popup('contact');
export const SupportPopup = popup('support');

export interface FormButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'form'> {
  readonly form: FormId;
  readonly children: ReactNode;
  readonly scorecardForm?: boolean;
  readonly pageName?: string;
  /** Start with the pop-up open (the showcase page's notify form, spec §2). */
  readonly defaultOpen?: boolean;
}

/** A button that opens a form's pop-up: the usual way a page offers a form. */
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
      <PopupForm
        form={form}
        open={open}
        onClose={() => setOpen(false)}
        scorecardForm={scorecardForm}
        pageName={pageName}
      />
    </>
  );
}

// Resolved once some inline form is wanted; the prerender (no document) wants them at once.
let wantInlineForms: () => void = () => undefined;
const inlineFormsWanted = new Promise<void>((resolve) => {
  wantInlineForms = resolve;
  if (typeof document === 'undefined') resolve();
});

/** Loads the inline forms now, as the prerender does (tests that hydrate prerendered pages). */
export function loadInlineForms() {
  wantInlineForms();
  return loadForms();
}

const InlineSubscribeForm = lazy(() =>
  inlineFormsWanted.then(loadForms).then(({ SubscribeForm }) => ({ default: SubscribeForm })),
);

/**
 * The Subscribe for Updates form inside a card (home and scorecard landing). Prerendered in full;
 * in the browser its hydration waits until it comes near the viewport or a visitor points at or
 * tabs into it: until then React leaves the server's HTML in place (a suspended boundary keeps
 * it), and the page's first load does not fetch the forms. Rendered afresh (a later visit in the
 * same tab), there is no HTML to keep, and it loads at once. Memoised: a boundary still waiting
 * to hydrate must not receive new props (the card re-renders when the page menu highlights it),
 * or React would drop the server's HTML and render it afresh.
 */
export const SubscribeForm = memo(function SubscribeForm(props: InlineFormProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element?.hasChildNodes() || typeof IntersectionObserver === 'undefined') {
      wantInlineForms();
      return undefined;
    }
    const want = () => wantInlineForms();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: '50% 0px',
    });
    observer.observe(element);
    element.addEventListener('pointerover', want, { once: true });
    element.addEventListener('focusin', want, { once: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('pointerover', want);
      element.removeEventListener('focusin', want);
    };
  }, []);
  return (
    <div ref={container}>
      <Suspense fallback={null}>
        <InlineSubscribeForm {...props} />
      </Suspense>
    </div>
  );
});
