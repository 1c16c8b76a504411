import type { PopupFormProps } from '@wpc/shared/forms';
import { PopupForm } from '@wpc/shared/forms/on-demand';

/** The landing page's Feedback & Upload pop-up: it says the feedback came from the scorecard page. */
export const ScorecardFeedbackPopup = (props: PopupFormProps) => (
  <PopupForm form="feedback" pageName="scorecard" {...props} />
);
