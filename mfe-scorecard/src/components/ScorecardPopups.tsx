import { FormDialog, type PopupFormProps } from '@wpc/shared/forms';

/** The landing page's Feedback & Upload pop-up: it says the feedback came from the scorecard page. */
export const ScorecardFeedbackPopup = (props: PopupFormProps) => (
  <FormDialog form="feedback" pageName="scorecard" {...props} />
);
