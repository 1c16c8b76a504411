/**
 * Updates: the lists visitors can join, what they agreed to (the consent wording, versioned),
 * where the public updates API and pages live. No zod here, so pages pay nothing for it; the
 * requests and answers are zod schemas in ./schemas (@wpc/shared/updates/schemas).
 */
import { FORMS, type FormId } from '../schemas/definitions';

export const UPDATE_LISTS = ['scorecard', 'showcase'] as const;
export type UpdateListId = (typeof UPDATE_LISTS)[number];

export const LIST_NAMES: Readonly<Record<UpdateListId, string>> = {
  scorecard: 'Scorecard updates',
  showcase: 'Showcase announcements',
};

export const LIST_DESCRIPTIONS: Readonly<Record<UpdateListId, string>> = {
  scorecard: 'News of the Community Wildfire Resilience Scorecard: new versions, pilots, results and events.',
  showcase: 'When the next Wildfire Innovation Showcase opens, and who presents at it.',
};

/** The public updates API (no session: each call carries the token of an emailed link). */
export const UPDATES_API = '/api/updates';

/** Pages a visitor reaches from an email (shell pages, prerendered without personal data). */
export const UPDATES_PAGES = {
  /** One sent update's public web version: `/updates/web?id=<id>` (one prerendered page for all). */
  web: '/updates/web',
  confirm: '/updates/confirm',
  preferences: '/updates/preferences',
  /** Where a form posted without scripts lands. */
  confirmed: '/updates/confirmed',
  saved: '/updates/saved',
  linkProblem: '/updates/link-problem',
} as const;

export const webVersionPath = (id: string) => `${UPDATES_PAGES.web}?id=${encodeURIComponent(id)}`;

/** RFC 8058: the body a one-click unsubscribe POST carries. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/** A confirmation link works this long. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The version of the privacy notice (the Data Protection Policy every form links, made by
 * shared/scripts/make-documents.py) and of the consent statements below. Change it with the texts:
 * each consent record keeps the version and wording the visitor saw.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';
export const CONSENT_WORDING_VERSION = '2026-11-26';

/** Forms whose sending is itself the request (no box to tick): the line they show above the button. */
const FORM_STATEMENTS: Partial<Record<FormId, string>> = {
  subscribe: 'We will email you once to confirm, then send scorecard updates until you leave the list.',
  notify: 'We will email you once to confirm, then tell you when the next showcase opens.',
};

/** Which box of a form asks for updates, and which lists it joins; extra boxes add a list. */
interface ConsentRule {
  /** The box; absent when sending the form is the request. */
  readonly field?: string;
  readonly lists: readonly UpdateListId[];
  readonly alsoWhenTicked?: Readonly<Record<string, UpdateListId>>;
}

const CONSENT_RULES: Readonly<Record<FormId, ConsentRule | readonly ConsentRule[]>> = {
  subscribe: { lists: ['scorecard'] },
  notify: { lists: ['showcase'] },
  subscribePage: { field: 'subscribe', lists: ['scorecard'] },
  download: { field: 'subscribe', lists: ['scorecard'] },
  sponsor: { field: 'receiveUpdate', lists: ['scorecard'] },
  collab: { field: 'subscribe', lists: ['scorecard'] },
  feedback: { field: 'subscribe', lists: ['scorecard'] },
  contact: [
    { field: 'subscribe', lists: ['scorecard'], alsoWhenTicked: { innovation_showcase: 'showcase' } },
    { field: 'sign_up', lists: ['scorecard'], alsoWhenTicked: { innovation_showcase: 'showcase' } },
  ],
  contactScorecard: { field: 'updates', lists: ['scorecard'] },
  support: { field: 'subscribe', lists: ['scorecard'] },
};

/** What a visitor agreed to with one submission: the lists, and the words they saw. */
export interface Consent {
  readonly lists: readonly UpdateListId[];
  /** The checkbox label(s) or the form's statement, as shown. */
  readonly wording: string;
  readonly wordingVersion: string;
  readonly privacyNoticeVersion: string;
}

/** The line a form without an updates box shows above its button (the wording of its consent). */
export function formConsentStatement(form: FormId): string | undefined {
  return FORM_STATEMENTS[form];
}

/** The consent a submission's fields carry, or undefined when the visitor did not ask for updates. */
export function consentOf(form: FormId, fields: Readonly<Record<string, unknown>>): Consent | undefined {
  const raw = CONSENT_RULES[form];
  const rules: readonly ConsentRule[] = Array.isArray(raw) ? raw : [raw as ConsentRule];
  const lists = new Set<UpdateListId>();
  const words: string[] = [];
  const label = (name: string) => FORMS[form].fields.find((field) => field.name === name)?.label ?? name;
  for (const rule of rules) {
    if (rule.field !== undefined && fields[rule.field] !== true) continue;
    words.push(
      rule.field === undefined ? `${FORMS[form].title}: ${FORM_STATEMENTS[form] ?? ''}`.trim() : label(rule.field),
    );
    rule.lists.forEach((list) => lists.add(list));
    for (const [name, list] of Object.entries(rule.alsoWhenTicked ?? {})) {
      if (fields[name] === true) {
        lists.add(list);
        words.push(label(name));
      }
    }
  }
  if (lists.size === 0) return undefined;
  return {
    lists: UPDATE_LISTS.filter((list) => lists.has(list)),
    wording: [...new Set(words)].join(' + '),
    wordingVersion: CONSENT_WORDING_VERSION,
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
  };
}

/**
 * An update's deliveries by state, as the console counts them. Here, not beside the schemas: the
 * console's browser code reads it, and the schemas' module would bring zod (which compiles with
 * `new Function`, refused by the page's CSP).
 */
export const DELIVERY_COUNTS = ['queued', 'sent', 'failed', 'suppressed', 'cancelled'] as const;
