/**
 * Spec §3 "Form submissions" (with §5 validation, §6 credentials and §7 calls), copied by hand
 * from the product spec (shared/spec/product-spec.md). The form, API and end-to-end tests
 * compare what the site renders, sends and stores with this file; never fill it from
 * `@wpc/shared/form-definitions`, or a field missing from both the code and the spec would pass.
 *
 * Keys are the form ids the code uses for each row of the spec's table.
 */

/** text: a text box or text area; email: an email-type input; boolean: a checkbox sent as true/false. */
export type SpecFieldType = 'text' | 'email' | 'boolean' | 'files';

export type SpecFormId =
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

export interface SpecForm {
  /** The row of the spec's table. */
  readonly row: string;
  /** §7: where it is sent. */
  readonly path: string;
  /** §3: every field, in the spec's order, with its type. */
  readonly fields: Readonly<Record<string, SpecFieldType>>;
  /** §5: required in every form: firstName, lastName, email and the zip field. */
  readonly required: readonly string[];
  /** §5: the zip field's minimum length, where the spec sets one. */
  readonly zipMinLength?: number;
  /** §6/§7: whether cookies go with the request. */
  readonly credentials: boolean;
  /** §7: multipart form data rather than JSON. */
  readonly multipart: boolean;
  /** §3: forms launched from the scorecard pages add scorecardForm: true. */
  readonly scorecardForm: boolean;
  /** §3: a field shown only while a flag is ticked (support's message, with Other). */
  readonly shownOnlyWith?: Readonly<Record<string, string>>;
  /** §3: a field with a fixed value (feedback's pageName on the home page). */
  readonly fixed?: Readonly<Record<string, string>>;
}

const person = { firstName: 'text', lastName: 'text', email: 'email' } as const;
/** The fields most forms begin with, in the spec's order. */
const personAtWork = { ...person, organization: 'text', role: 'text', zipCode: 'text', message: 'text' } as const;
/** The same on the scorecard's pages, whose zip field is named zip. */
const personAtWorkWithZip = { ...person, organization: 'text', role: 'text', zip: 'text', message: 'text' } as const;
/** §5: the four required fields with zipCode, at least 4 characters long. */
const ZIP_CODE_OF_FOUR = { required: ['firstName', 'lastName', 'email', 'zipCode'], zipMinLength: 4 } as const;

export const SPEC_FORMS: Readonly<Record<SpecFormId, SpecForm>> = {
  download: {
    row: 'Download',
    path: '/api/submit-download-form',
    fields: {
      ...personAtWork,
      subscribe: 'boolean',
      pilot: 'boolean',
    },
    ...ZIP_CODE_OF_FOUR,
    credentials: true,
    multipart: false,
    scorecardForm: true,
  },
  notify: {
    row: 'Notify-me',
    path: '/api/submit-notifyme-form',
    fields: { ...person, zipCode: 'text' },
    ...ZIP_CODE_OF_FOUR,
    credentials: false,
    multipart: false,
    scorecardForm: false,
  },
  subscribe: {
    row: 'Subscribe (home and scorecard pop-up)',
    path: '/api/submit-subscribe-form',
    fields: { ...person, zipCode: 'text' },
    ...ZIP_CODE_OF_FOUR,
    credentials: false,
    multipart: false,
    scorecardForm: true,
  },
  subscribePage: {
    row: 'Subscribe (scorecard subscribe page)',
    path: '/api/submit-subscribe-form',
    fields: {
      ...personAtWorkWithZip,
      subscribe: 'boolean',
      pilotInterest: 'boolean',
    },
    required: ['firstName', 'lastName', 'email', 'zip'],
    zipMinLength: 4,
    credentials: false,
    multipart: false,
    scorecardForm: true,
  },
  sponsor: {
    row: 'Sponsor',
    path: '/api/submit-sponsor-form',
    fields: {
      ...personAtWork,
      meeting: 'boolean',
      information: 'boolean',
      customSponsor: 'boolean',
      receiveUpdate: 'boolean',
      attendMeetings: 'boolean',
    },
    required: ['firstName', 'lastName', 'email', 'zipCode'],
    credentials: true,
    multipart: false,
    scorecardForm: false,
  },
  collab: {
    row: 'Collaboration',
    path: '/api/submit-collab-form',
    fields: {
      ...personAtWork,
      pilotScorecard: 'boolean',
      generalCollaboration: 'boolean',
      toShare: 'boolean',
      subscribe: 'boolean',
      other: 'boolean',
    },
    ...ZIP_CODE_OF_FOUR,
    credentials: true,
    multipart: false,
    scorecardForm: true,
  },
  feedback: {
    row: 'Feedback (multipart)',
    path: '/api/submit-feedback-form',
    fields: {
      pageName: 'text',
      ...person,
      organization: 'text',
      role: 'text',
      zipCode: 'text',
      subscribe: 'boolean',
      message: 'text',
      links: 'text',
      files: 'files',
    },
    ...ZIP_CODE_OF_FOUR,
    credentials: true,
    multipart: true,
    scorecardForm: true,
    fixed: { pageName: 'feedback' },
  },
  contact: {
    row: 'Contact (pop-up and /contact-us)',
    path: '/api/submit-contact-form',
    fields: {
      ...personAtWork,
      subscribe: 'boolean',
      sign_up: 'boolean',
      sponsor: 'boolean',
      partner: 'boolean',
      innovation_showcase: 'boolean',
      demo_my_product: 'boolean',
      Collaborate: 'boolean',
      'Co-apply': 'boolean',
      wildfire_resilience_scorecard: 'boolean',
    },
    ...ZIP_CODE_OF_FOUR,
    // §6 lists contact among the forms that send cookies (§7 adds "yes on pop-ups").
    credentials: true,
    multipart: false,
    scorecardForm: true,
  },
  contactScorecard: {
    row: 'Contact (scorecard contact page)',
    path: '/api/submit-contact-form',
    fields: {
      ...personAtWorkWithZip,
      updates: 'boolean',
      meetings: 'boolean',
      sponsor: 'boolean',
      partner: 'boolean',
      showcase: 'boolean',
      demo: 'boolean',
      collaborate: 'boolean',
      funding: 'boolean',
      pilot: 'boolean',
    },
    required: ['firstName', 'lastName', 'email', 'zip'],
    credentials: true,
    multipart: false,
    scorecardForm: true,
  },
  support: {
    row: 'Support',
    path: '/api/submit-support-form',
    fields: {
      ...person,
      organization: 'text',
      role: 'text',
      zipCode: 'text',
      'share-learnings': 'boolean',
      volunteerTime: 'boolean',
      subjectMatterExpertise: 'boolean',
      dataOrCompute: 'boolean',
      sponsorOrInKind: 'boolean',
      funding: 'boolean',
      otherSupport: 'boolean',
      message: 'text',
      subscribe: 'boolean',
      pilot: 'boolean',
    },
    required: ['firstName', 'lastName', 'email', 'zipCode'],
    credentials: true,
    multipart: false,
    scorecardForm: true,
    shownOnlyWith: { message: 'otherSupport' },
  },
};

export const SPEC_FORM_IDS = Object.keys(SPEC_FORMS) as SpecFormId[];

/** The zip field of a form: zipCode, or zip on the two scorecard-page forms. */
export function specZipField(form: SpecForm): 'zipCode' | 'zip' {
  return 'zip' in form.fields ? 'zip' : 'zipCode';
}

/** The field names of one type, in the spec's order. */
export function specFieldsOfType(form: SpecForm, type: SpecFieldType): string[] {
  return Object.entries(form.fields)
    .filter(([, fieldType]) => fieldType === type)
    .map(([name]) => name);
}

/** §5: a zip code of at least four characters. */
export const SPEC_VALID_ZIP = '94110';

/**
 * One complete, valid submission of a form, as the spec describes it: every text field filled
 * with a distinct value, flags alternating true/false (any flag that reveals a field is ticked),
 * and scorecardForm where the form may carry it. `tag` makes the email unique per test.
 */
export function specSubmission(form: SpecForm, tag: string): Record<string, string | boolean> {
  const revealing = new Set(Object.values(form.shownOnlyWith ?? {}));
  const values: Record<string, string | boolean> = {};
  let flagIndex = 0;
  for (const [name, type] of Object.entries(form.fields)) {
    if (type === 'files') continue;
    if (form.fixed?.[name] !== undefined) values[name] = form.fixed[name]!;
    else if (type === 'email') values[name] = `ada+${tag}@example.org`;
    else if (type === 'boolean') values[name] = revealing.has(name) || flagIndex++ % 2 === 0;
    else if (name === specZipField(form)) values[name] = SPEC_VALID_ZIP;
    else values[name] = `${name} of ${tag}`;
  }
  if (form.scorecardForm) values.scorecardForm = true;
  return values;
}
