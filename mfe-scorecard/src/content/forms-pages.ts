/** Introductions of /scorecard/subscribe and /scorecard/contact. */

export interface FormPageContent {
  readonly title: string;
  readonly crumb: string;
  readonly lead: string;
  readonly asideTitle: string;
  readonly asideItems: readonly string[];
}

export const SUBSCRIBE_PAGE: FormPageContent = {
  title: 'Subscribe for Updates',
  crumb: 'Subscribe',
  lead: 'Get news about the scorecard, new editions and pilot programmes in your inbox. We write a few times a year, never share your address, and you can unsubscribe at any time.',
  asideTitle: 'What you will receive',
  asideItems: [
    'New editions of the scorecard and its workbook, as soon as they are out.',
    'Invitations to join a pilot or a regional workshop.',
    'Funding opportunities other communities have used to act on their scores.',
    'Short stories from communities that have been through the assessment.',
  ],
};

export const CONTACT_PAGE: FormPageContent = {
  title: 'Need Scorecard Support? We can Help!',
  crumb: 'Contact',
  lead: 'Tell us what you need, from help downloading the scorecard to support running it in your community. The scorecard team reads every message and usually answers within two working days.',
  asideTitle: 'We can help with',
  asideItems: [
    'Downloading and opening the scorecard files.',
    'Choosing who to invite and how to run your workshops.',
    'Finding data and evidence for a score.',
    'Piloting, partnering, sponsoring or presenting at the showcase.',
  ],
};
