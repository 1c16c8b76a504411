import type { MessageKind } from '@wpc/shared/events';
import type { FormId } from '@wpc/shared/form-definitions';

/** Served by the scorecard deployment; the edge routes /assets/content/ to it. */
export const SCORECARD_ZIP_URL = '/assets/content/community-wildfire-resilience-scorecard-02-20-24.zip';

/** Served by the shell from shell/public/. */
export const DATA_PROTECTION_POLICY_URL = '/assets/docs/data-protection-policy.pdf';

export const FORM_ERROR_TEXT =
  'ERROR: There was an issue submitting the form. Please try again. If the problem continues, contact us, and our team will gladly assist you.';

export const SUCCESS_TEXT: Readonly<Record<FormId, string>> = {
  download: 'Thank you for downloading! If you have any questions or need support, please get in touch with us.',
  notify: 'Thank you for submitting! We will keep you updated on the next Wildfire Innovation Showcase.',
  subscribe: 'Thank you for subscribing! We will send you news and updates as they happen.',
  subscribePage: 'Thank you for subscribing! We will send you scorecard news and updates as they happen.',
  sponsor: 'Thank you for your interest in sponsoring! Our team will be in touch with you soon.',
  collab: 'Thank you for offering to collaborate! Our team will contact you soon to talk about next steps.',
  feedback: 'Thank you for your feedback! It helps us make the scorecard better for every community.',
  contact: 'Thank you for contacting us! We will get back to you soon.',
  contactScorecard: 'Thank you for contacting us! Our scorecard team will get back to you soon.',
  support: 'Thank you for offering your support! We will be in touch about how you can help.',
};

export const SUBMIT_LABEL: Readonly<Record<FormId, string>> = {
  download: 'Download',
  notify: 'Notify Me',
  subscribe: 'Subscribe',
  subscribePage: 'Subscribe',
  sponsor: 'Send Request',
  collab: 'Send',
  feedback: 'Send Feedback',
  contact: 'Send Message',
  contactScorecard: 'Send Message',
  support: 'Offer Support',
};

/** One line of context at the top of each form. */
export const INTRO_TEXT: Readonly<Record<FormId, string>> = {
  download: 'Tell us who you are and the scorecard zip file downloads straight away.',
  notify: 'Leave your details and we will let you know as soon as registration opens.',
  subscribe: 'Get scorecard and showcase news in your inbox.',
  subscribePage: 'Get scorecard news, pilot opportunities and event updates in your inbox.',
  sponsor: 'Tell us about your organisation and how you would like to support the consortium.',
  collab: 'Pilot the scorecard in your community or work with us in another way.',
  feedback: 'Tell us what worked and what did not, and share your completed scorecard.',
  contact: 'Send us a message and choose the topics you are interested in.',
  contactScorecard: 'Questions about the scorecard? Send us a message and we will help.',
  support: 'Choose the ways you would like to help prevent catastrophic wildfires.',
};

type KindPair = readonly [site: MessageKind, scorecard: MessageKind];

const KINDS: Readonly<Record<FormId, KindPair>> = {
  download: ['download', 'scorecard-download'],
  notify: ['notify', 'notify'],
  subscribe: ['subscribe', 'scorecard-subscribe'],
  subscribePage: ['subscribe', 'scorecard-subscribe'],
  sponsor: ['sponsor', 'sponsor'],
  collab: ['collab', 'scorecard-collab'],
  feedback: ['feedback', 'scorecard-feedback'],
  contact: ['contact', 'scorecard-contact'],
  contactScorecard: ['contact', 'scorecard-contact'],
  support: ['support', 'scorecard-support'],
};

/** The message-centre kind of a form's success; scorecard pages use their own kinds. */
export function successKind(form: FormId, fromScorecard: boolean): MessageKind {
  return KINDS[form][fromScorecard ? 1 : 0];
}
