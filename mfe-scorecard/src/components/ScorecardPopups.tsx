import { popupOf } from '@wpc/shared/forms/on-demand';

/** The landing page's Feedback & Upload pop-up: it says the feedback came from the scorecard page. */
export const ScorecardFeedbackPopup = popupOf('feedback', 'scorecard');
