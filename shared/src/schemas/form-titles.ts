/**
 * The site's form kinds and their titles, apart from the rest of the definitions: a pop-up shows
 * its frame (title, close buttons) the moment it is asked for, before its form has arrived, and the
 * module that opens pop-ups loads with the page (shared/src/forms/on-demand.tsx).
 */
export type FormId =
  | 'download'
  | 'notify'
  | 'subscribe'
  | 'subscribePage'
  | 'sponsor'
  | 'collab'
  | 'feedback'
  | 'contact'
  | 'contactScorecard'
  | 'support';

export const FORM_TITLES: Readonly<Record<FormId, string>> = {
  download: 'Download the Scorecard',
  notify: 'Notify Me About the Next Showcase',
  subscribe: 'Subscribe for Updates',
  subscribePage: 'Subscribe for Updates',
  sponsor: 'Become a Sponsor',
  collab: 'Collaborate With Us',
  feedback: 'Share Feedback & Upload Your Scorecard',
  contact: 'Contact Us',
  contactScorecard: 'Contact Us',
  support: 'Support Wildfire Prevention',
};
