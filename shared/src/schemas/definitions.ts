/**
 * Every form kind of the site as plain data: field names exactly as the spec's table, labels,
 * input types and limits. The zod schemas (API validation) and the React forms are both
 * derived from this, so a field cannot exist in one and not the other.
 */
import { FORM_TITLES, type FormId } from './form-titles';

export type { FormId };

export type EndpointKind =
  'download' | 'notifyme' | 'sponsor' | 'collab' | 'subscribe' | 'feedback' | 'contact' | 'support';

export const ENDPOINT_KINDS: readonly EndpointKind[] = [
  'download',
  'notifyme',
  'sponsor',
  'collab',
  'subscribe',
  'feedback',
  'contact',
  'support',
];

export type FieldType = 'text' | 'email' | 'textarea' | 'checkbox' | 'files' | 'hidden';

export interface FieldDefinition {
  readonly name: string;
  readonly label: string;
  readonly type: FieldType;
  readonly required?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly autoComplete?: string;
}

export interface FormDefinition {
  readonly id: FormId;
  readonly endpoint: EndpointKind;
  readonly title: string;
  readonly fields: readonly FieldDefinition[];
  /** Sent as multipart/form-data (files) rather than JSON. */
  readonly multipart: boolean;
  /** Spec §6: whether the browser sends cookies with the request. */
  readonly credentials: boolean;
  /** Spec §3: may carry scorecardForm: true when launched from a scorecard page. */
  readonly scorecardAware: boolean;
}

export const ZIP_MIN_LENGTH = 4;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const ZIP_MAX = 20;
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5000;

/** Hidden field no person fills in; a value in it marks the sender as a bot. */
export const HONEYPOT_FIELD = 'website_url';

export const FEEDBACK_MAX_FILES = 10;
export const FEEDBACK_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const FEEDBACK_FILE_EXTENSIONS: readonly string[] = [
  'jpg',
  'jpeg',
  'png',
  'svg',
  'pdf',
  'doc',
  'docx',
  'xlsx',
  'xls',
  'ppt',
  'pptx',
];

const firstName: FieldDefinition = {
  name: 'firstName',
  label: 'First name',
  type: 'text',
  required: true,
  maxLength: NAME_MAX,
  autoComplete: 'given-name',
};
const lastName: FieldDefinition = {
  name: 'lastName',
  label: 'Last name',
  type: 'text',
  required: true,
  maxLength: NAME_MAX,
  autoComplete: 'family-name',
};
const email: FieldDefinition = {
  name: 'email',
  label: 'Email',
  type: 'email',
  required: true,
  maxLength: EMAIL_MAX,
  autoComplete: 'email',
};
const organization: FieldDefinition = {
  name: 'organization',
  label: 'Organization',
  type: 'text',
  maxLength: SHORT_TEXT_MAX,
  autoComplete: 'organization',
};
const role: FieldDefinition = {
  name: 'role',
  label: 'Role',
  type: 'text',
  maxLength: SHORT_TEXT_MAX,
  autoComplete: 'organization-title',
};
const message: FieldDefinition = { name: 'message', label: 'Message', type: 'textarea', maxLength: LONG_TEXT_MAX };

function zipField(name: 'zipCode' | 'zip', minLength?: number): FieldDefinition {
  return {
    name,
    label: 'Zip / postal code',
    type: 'text',
    required: true,
    minLength,
    maxLength: ZIP_MAX,
    autoComplete: 'postal-code',
  };
}

function flag(name: string, label: string): FieldDefinition {
  return { name, label, type: 'checkbox' };
}

const contactPerson = [firstName, lastName, email];
/** A person writing for an organisation, then their message: most forms open with these, in this order. */
const organisationContact = (zip: FieldDefinition) => [...contactPerson, organization, role, zip, message];

export const FORMS: Readonly<Record<FormId, FormDefinition>> = {
  download: {
    id: 'download',
    endpoint: 'download',
    title: FORM_TITLES.download,
    multipart: false,
    credentials: true,
    scorecardAware: true,
    fields: [
      ...organisationContact(zipField('zipCode', ZIP_MIN_LENGTH)),
      flag('subscribe', 'Subscribe me to scorecard updates'),
      flag('pilot', 'I am interested in piloting the scorecard'),
    ],
  },
  notify: {
    id: 'notify',
    endpoint: 'notifyme',
    title: FORM_TITLES.notify,
    multipart: false,
    credentials: false,
    scorecardAware: false,
    fields: [...contactPerson, zipField('zipCode', ZIP_MIN_LENGTH)],
  },
  subscribe: {
    id: 'subscribe',
    endpoint: 'subscribe',
    title: FORM_TITLES.subscribe,
    multipart: false,
    credentials: false,
    scorecardAware: true,
    fields: [...contactPerson, zipField('zipCode', ZIP_MIN_LENGTH)],
  },
  subscribePage: {
    id: 'subscribePage',
    endpoint: 'subscribe',
    title: FORM_TITLES.subscribePage,
    multipart: false,
    credentials: false,
    scorecardAware: true,
    fields: [
      ...organisationContact(zipField('zip', ZIP_MIN_LENGTH)),
      flag('subscribe', 'Send me scorecard news and updates'),
      flag('pilotInterest', 'I am interested in piloting the scorecard'),
    ],
  },
  sponsor: {
    id: 'sponsor',
    endpoint: 'sponsor',
    title: FORM_TITLES.sponsor,
    multipart: false,
    credentials: true,
    scorecardAware: false,
    fields: [
      ...organisationContact(zipField('zipCode')),
      flag('meeting', 'I would like to schedule a meeting'),
      flag('information', 'Please send me more information'),
      flag('customSponsor', 'I am interested in a custom sponsorship'),
      flag('receiveUpdate', 'I would like to receive updates'),
      flag('attendMeetings', 'I would like to attend the weekly innovator meetings'),
    ],
  },
  collab: {
    id: 'collab',
    endpoint: 'collab',
    title: FORM_TITLES.collab,
    multipart: false,
    credentials: true,
    scorecardAware: true,
    fields: [
      ...organisationContact(zipField('zipCode', ZIP_MIN_LENGTH)),
      flag('pilotScorecard', 'Pilot the scorecard in my community'),
      flag('generalCollaboration', 'General collaboration'),
      flag('toShare', 'I have knowledge or resources to share'),
      flag('subscribe', 'Subscribe me to updates'),
      flag('other', 'Other'),
    ],
  },
  feedback: {
    id: 'feedback',
    endpoint: 'feedback',
    title: FORM_TITLES.feedback,
    multipart: true,
    credentials: true,
    scorecardAware: true,
    fields: [
      { name: 'pageName', label: 'Page', type: 'hidden', maxLength: SHORT_TEXT_MAX },
      ...contactPerson,
      organization,
      role,
      zipField('zipCode', ZIP_MIN_LENGTH),
      flag('subscribe', 'Subscribe me to updates'),
      message,
      { name: 'links', label: 'Links', type: 'textarea', maxLength: LONG_TEXT_MAX },
      { name: 'files', label: 'Files', type: 'files' },
    ],
  },
  contact: {
    id: 'contact',
    endpoint: 'contact',
    title: FORM_TITLES.contact,
    multipart: false,
    credentials: true,
    scorecardAware: true,
    fields: [
      ...organisationContact(zipField('zipCode', ZIP_MIN_LENGTH)),
      flag('subscribe', 'Subscribe to updates'),
      flag('sign_up', 'Sign up for the newsletter'),
      flag('sponsor', 'Become a sponsor'),
      flag('partner', 'Partner with us'),
      flag('innovation_showcase', 'Wildfire Innovation Showcase'),
      flag('demo_my_product', 'Demo my product'),
      flag('Collaborate', 'Collaborate'),
      flag('Co-apply', 'Co-apply for funding'),
      flag('wildfire_resilience_scorecard', 'Wildfire Resilience Scorecard'),
    ],
  },
  contactScorecard: {
    id: 'contactScorecard',
    endpoint: 'contact',
    title: FORM_TITLES.contactScorecard,
    multipart: false,
    credentials: true,
    scorecardAware: true,
    fields: [
      ...organisationContact(zipField('zip')),
      flag('updates', 'Receive scorecard updates'),
      flag('meetings', 'Attend meetings'),
      flag('sponsor', 'Become a sponsor'),
      flag('partner', 'Partner with us'),
      flag('showcase', 'Wildfire Innovation Showcase'),
      flag('demo', 'Demo a product'),
      flag('collaborate', 'Collaborate'),
      flag('funding', 'Funding'),
      flag('pilot', 'Pilot the scorecard'),
    ],
  },
  support: {
    id: 'support',
    endpoint: 'support',
    title: FORM_TITLES.support,
    multipart: false,
    credentials: true,
    scorecardAware: true,
    fields: [
      ...contactPerson,
      organization,
      role,
      zipField('zipCode'),
      flag('share-learnings', 'Share learnings from my community'),
      flag('volunteerTime', 'Volunteer time'),
      flag('subjectMatterExpertise', 'Offer subject-matter expertise'),
      flag('dataOrCompute', 'Provide data or compute'),
      flag('sponsorOrInKind', 'Sponsor or give in kind'),
      flag('funding', 'Funding'),
      flag('otherSupport', 'Other'),
      message,
      flag('subscribe', 'Subscribe me to updates'),
      flag('pilot', 'I am interested in piloting the scorecard'),
    ],
  },
};

/** The form shapes each endpoint accepts; the first is the default when the body is ambiguous. */
export const ENDPOINT_FORMS: Readonly<Record<EndpointKind, readonly FormId[]>> = {
  download: ['download'],
  notifyme: ['notify'],
  sponsor: ['sponsor'],
  collab: ['collab'],
  subscribe: ['subscribe', 'subscribePage'],
  feedback: ['feedback'],
  contact: ['contact', 'contactScorecard'],
  support: ['support'],
};

export function endpointPath(kind: EndpointKind): string {
  return `/api/submit-${kind}-form`;
}

// The character rules of typed fields, shared by the API's schemas and the browser forms.
export { hasForbiddenCharacters, hasVisibleCharacter, isMultiline, textFieldProblem } from './text-rules';

/** The online self-assessment's endpoints (the bodies are described in @wpc/shared/assessment). */
export const ASSESSMENT_SHARE_PATH = '/api/submit-assessment';
export const ASSESSMENT_BENCHMARKS_PATH = '/api/assessment-benchmarks';
