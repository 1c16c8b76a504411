// The forms as a page first needs them: a button, pop-ups that are closed and an inline form that
// is below the fold weigh next to nothing until used. The forms module itself (the form, its field
// rules and the API client) is not part of the page's first load: a page that offers a pop-up
// fetches it once the browser is idle after the page has started, so the pop-up opens complete
// at once; a visitor quicker than that sees the pop-up's frame at once and its fields when they
// arrive. Before the page's scripts run (or without them) each button leads to the form's own
// page instead (formPage).
import { lazy, memo, Suspense, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '@wpc/shared/area/hydration';
import type { FormDialogProps, InlineFormProps, PopupFormProps } from '@wpc/shared/forms';
import { FORM_PAGE_QUERY, formPagePath } from '@wpc/shared/routes';
import { Dialog, PopupButton, type ButtonProps, type PopupPage } from '@wpc/shared/ui';
import { FORM_TITLES, type FormId } from '../schemas/form-titles';

type FormsModule = typeof import('@wpc/shared/forms');
/** The forms module once it has arrived: a pop-up opened after that renders its form at once. */
let forms: FormsModule | undefined;
const loadForms = () => import('@wpc/shared/forms').then((module) => (forms = module));

/**
 * Settles once the forms module has arrived, or could not be fetched: a page that opens a pop-up
 * itself opens it then, complete (opensComplete).
 */
export const formsArrived = (): Promise<void> =>
  loadForms().then(
    () => undefined,
    () => undefined,
  );
const prefetch = () => void formsArrived();

/** When the forms module cannot be fetched (the connection dropped): the frame says so. */
export const FORM_UNAVAILABLE_TEXT =
  'This form could not be loaded. Please check your connection, close this box and try again.';

/** Where a form works without scripts, with what its pop-up would have been told. */
export function formPage(form: FormId, { scorecardForm = false, pageName }: FormPageOptions = {}): PopupPage {
  const query: Record<string, string> = {};
  if (scorecardForm) query[FORM_PAGE_QUERY.scorecard] = 'true';
  if (pageName) query[FORM_PAGE_QUERY.page] = pageName;
  return { path: formPagePath(form), query };
}

export interface FormPageOptions {
  readonly scorecardForm?: boolean;
  readonly pageName?: string;
}

/** A form page's address with its query, for a link (formPage gives it to a button's form). */
export function formPageHref(form: FormId, options?: FormPageOptions): string {
  const { path, query } = formPage(form, options);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A pop-up form. Closed it renders nothing (in the prerendered HTML too); on the page it asks for
 * the forms module once the browser is idle. Opened, its frame (title, close buttons, focus trap)
 * shows at once and the fields fill it in the next frame, or as soon as the module is there.
 */
export function PopupForm({ form, open, onClose, scorecardForm, pageName, opensComplete }: FormDialogProps) {
  useEffect(() => whenIdle(prefetch), []);
  // Opened before the module has arrived: it is asked for now, and the form shows when it comes.
  // (Not React.lazy: React holds a suspended boundary's content back until 300 ms after its
  // fallback showed, which a form already here, or arriving sooner, must not wait for.)
  const [loading, setLoading] = useState<'waiting' | 'arrived' | 'failed'>('waiting');
  useEffect(() => {
    if (!open || forms) return;
    let current = true;
    loadForms()
      .then(() => current && setLoading('arrived'))
      .catch((error: unknown) => {
        console.error('The form could not be loaded', error);
        if (current) setLoading('failed');
      });
    return () => {
      current = false;
    };
  }, [open]);
  // The fields are rendered just after the frame has been painted: the tap is answered by one
  // light frame, and a long form (its layout takes a while on a slow phone) follows in the next.
  const deferredOpen = useDeferredValue(open);
  const fieldsWanted = opensComplete ? open : deferredOpen;
  const SiteForm = forms?.SiteForm;
  let body: ReactNode = null;
  if (fieldsWanted) {
    if (SiteForm) {
      body = <SiteForm form={form} scorecardForm={scorecardForm} pageName={pageName} onSuccess={onClose} />;
    } else if (loading === 'failed') {
      body = <p role="alert">{FORM_UNAVAILABLE_TEXT}</p>;
    } else {
      body = <p role="status">Loading the form…</p>;
    }
  }
  return (
    <Dialog open={open} onClose={onClose} title={FORM_TITLES[form]} closeLinkLabel="Close">
      {body}
    </Dialog>
  );
}

/** A pop-up of one form, for cards (Card's popupForm) and pages; pageFor names its page for the card's button. */
export function popupOf(form: FormId, pageName?: string) {
  const Popup = (props: PopupFormProps) => <PopupForm form={form} pageName={pageName} {...props} />;
  return Object.assign(Popup, {
    pageFor: (scorecardForm: boolean) => formPage(form, { scorecardForm, pageName }),
  });
}
export const DownloadPopup = popupOf('download');
export const NotifyPopup = popupOf('notify');
export const SubscribePopup = popupOf('subscribe');
export const SponsorPopup = popupOf('sponsor');
export const CollabPopup = popupOf('collab');
export const FeedbackPopup = popupOf('feedback');
export const ContactPopup = popupOf('contact');
export const SupportPopup = popupOf('support');

export interface FormButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'form' | 'type'> {
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
      <PopupButton
        // Intent: a pointer on the button or focus on it fetches the form now, if idle time has not yet.
        onPointerDown={prefetch}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        {...buttonProps}
        page={formPage(form, { scorecardForm, pageName })}
        onOpen={() => setOpen(true)}
      >
        {children}
      </PopupButton>
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
