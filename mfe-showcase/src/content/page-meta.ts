// What search engines and share previews show for the showcase pages: titles, descriptions,
// share images (drawn at build time beside the title) and an Event for every showcase held so far
// and the next one. See README "Page metadata".
import type { Event, WithContext } from 'schema-dts';
import { CONSORTIUM as SITE_ORGANISATION, type AreaPageMeta } from '@wpc/shared/page-meta';
import { SHOWCASE_SETTINGS, type ShowcaseSettings } from '../settings/showcase-settings';
import { SHOWCASE_EVENTS } from './events';
import { VENTURE_COMMUNITY } from './hosts';

/** MMDDYYYY -> YYYY-MM-DD. */
const isoDay = (date: string) => `${date.slice(4)}-${date.slice(0, 2)}-${date.slice(2, 4)}`;

/** The calendar day of an instant where the showcase is held. */
const localDay = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );

function showcaseEvent(name: string, startDate: string, settings: ShowcaseSettings): WithContext<Event> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name,
    description:
      'A free virtual showcase where wildfire innovators pitch to impact investors, fire agencies, utilities, insurers and community leaders.',
    startDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: settings.links.eventCommunity },
    isAccessibleForFree: true,
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: settings.links.eventCommunity,
    },
    organizer: [
      SITE_ORGANISATION,
      { '@type': 'Organization', name: VENTURE_COMMUNITY.name, sameAs: VENTURE_COMMUNITY.linkedin },
    ],
  };
}

/**
 * Every showcase held so far and the next one. The next one's start is an instant with its time;
 * the others are known by their day. An announced showcase not in the archive yet is added.
 */
export function showcaseEvents(settings: ShowcaseSettings = SHOWCASE_SETTINGS): WithContext<Event>[] {
  const nextDay = localDay(settings.nextEventStartsAt, settings.timeZone);
  const events = SHOWCASE_EVENTS.map((event) => {
    const day = isoDay(event.date);
    return showcaseEvent(event.showcaseHeaderName, day === nextDay ? settings.nextEventStartsAt : day, settings);
  });
  if (!SHOWCASE_EVENTS.some((event) => isoDay(event.date) === nextDay))
    events.push(showcaseEvent('Wildfire Innovation Showcase', settings.nextEventStartsAt, settings));
  return events;
}

export const PAGE_META: AreaPageMeta = {
  '/showcase/innovations': {
    title: 'Wildfire Innovation Showcase',
    description:
      'A free virtual event where 7 to 10 wildfire ventures pitch to investors, agencies and communities. Free to attend, free to present: apply or get notified.',
    type: 'website',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'public/media/hero/innovations-hero.svg',
      alt: 'Stars joined like a network above forested hills at dawn, beside the title Wildfire Innovation Showcase.',
    },
    structuredData: showcaseEvents(),
  },
  '/showcase/presentations': {
    title: 'Previous Innovation Showcases',
    description:
      'Watch every past Wildfire Innovation Showcase: full recordings, each presenter’s clip and slides, from November 2024 to July 2025.',
    type: 'article',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'public/media/hero/presentations-poster.svg',
      alt: 'An ember-orange glow rising behind dark forested ridges, beside the title Previous Innovation Showcases.',
    },
    structuredData: showcaseEvents(),
  },
};
