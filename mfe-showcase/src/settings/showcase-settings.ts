/**
 * The showcase's settings: the one file the partner organisation edits to announce an event.
 * Switching `registration` between 'notify' and 'open' (and updating the dates and links) is
 * all it takes to change both showcase pages.
 */

/**
 * 'notify': the next date is not announced yet (the spec's "registration flag set"): the pages
 * ask visitors to be notified and say applications are being accepted.
 * 'open': `nextEvent` is announced: the pages show its date and the application deadline and
 * link to registration.
 */
export type RegistrationMode = 'notify' | 'open';

export interface ShowcaseLinks {
  /** The venture partner's site, where visitors register for an announced showcase. */
  readonly venturePartner: string;
  /** The presenter application form (external). */
  readonly presenterApplication: string;
  /** The event community site, where visitors register from the presentations page. */
  readonly eventCommunity: string;
}

export interface ShowcaseSettings {
  readonly registration: RegistrationMode;
  /** Start of the next showcase, an ISO 8601 instant with its offset. */
  readonly nextEventStartsAt: string;
  /** Last moment presenters can apply, an ISO 8601 instant with its offset. */
  readonly applicationDeadline: string;
  /** Times are shown in this zone... */
  readonly timeZone: string;
  /** ...under this name, the one the consortium's invitations use (spec §9 writes "PST"). */
  readonly timeZoneLabel: string;
  readonly links: ShowcaseLinks;
}

export const SHOWCASE_SETTINGS: ShowcaseSettings = {
  registration: 'notify',
  // 16 July 2025, 12 pm and 7 July 2025, 5 pm Pacific time (spec §9); July is on daylight time.
  nextEventStartsAt: '2025-07-16T12:00:00-07:00',
  applicationDeadline: '2025-07-07T17:00:00-07:00',
  timeZone: 'America/Los_Angeles',
  timeZoneLabel: 'PST',
  // Sample addresses: the team replaces them with the partner's real pages.
  links: {
    venturePartner: 'https://resilienceventures.example/wildfire-innovation-showcase',
    presenterApplication: 'https://resilienceventures.example/wildfire-innovation-showcase/apply',
    eventCommunity: 'https://community.resilienceventures.example/events/wildfire-innovation-showcase',
  },
};

/**
 * The spec's pre-event flag: true while the showcase has not started. It stays true on the
 * morning of the event, so Register is still offered until the start.
 */
export function isPreEvent(settings: ShowcaseSettings, now: Date): boolean {
  return now.getTime() < Date.parse(settings.nextEventStartsAt);
}

/** True until the application deadline has passed. */
export function isAcceptingApplications(settings: ShowcaseSettings, now: Date): boolean {
  return now.getTime() < Date.parse(settings.applicationDeadline);
}
