import { FORMS, type FormId } from '@wpc/shared/form-definitions';
import { Dialog } from '@wpc/shared/ui';
import { SiteForm } from './SiteForm';

/** What a card or page passes to any pop-up form. */
export interface PopupFormProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly scorecardForm?: boolean;
  /**
   * Opened by the page itself, not by a tap: the form shows complete in its first frame, since
   * no tap waits for an answer and fields arriving a frame later would move the open pop-up
   * (a layout shift).
   */
  readonly opensComplete?: boolean;
}

export interface FormDialogProps extends PopupFormProps {
  readonly form: FormId;
  readonly pageName?: string;
}

/** A form in a pop-up: it closes on success, and stays open with the input on failure. */
export function FormDialog({ form, open, onClose, scorecardForm, pageName }: FormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={FORMS[form].title} closeLinkLabel="Close">
      <SiteForm form={form} scorecardForm={scorecardForm} pageName={pageName} onSuccess={onClose} />
    </Dialog>
  );
}

export const DownloadPopup = (props: PopupFormProps) => <FormDialog form="download" {...props} />;
export const NotifyPopup = (props: PopupFormProps) => <FormDialog form="notify" {...props} />;
export const SubscribePopup = (props: PopupFormProps) => <FormDialog form="subscribe" {...props} />;
export const SponsorPopup = (props: PopupFormProps) => <FormDialog form="sponsor" {...props} />;
export const CollabPopup = (props: PopupFormProps) => <FormDialog form="collab" {...props} />;
export const FeedbackPopup = (props: PopupFormProps) => <FormDialog form="feedback" {...props} />;
export const ContactPopup = (props: PopupFormProps) => <FormDialog form="contact" {...props} />;
export const SupportPopup = (props: PopupFormProps) => <FormDialog form="support" {...props} />;
