/**
 * What the showcase pages read of the published content (issue 28): the archive of showcases,
 * each with its consortium update and its innovators' sessions (hidden ones left out, never sent
 * to browsers), the latest full recording for /showcase/innovations, and an Event in the
 * structured data for every showcase and for the next one announced in the settings.
 */
import type { Event, WithContext } from 'schema-dts';
import {
  definePage,
  lastModifiedOf,
  type AreaContentOf,
  type PageEntry,
  type PreviewPaths,
} from '@wpc/shared/content-model';
import { CONSORTIUM as SITE_ORGANISATION } from '@wpc/shared/page-meta';
import type { VideoClip } from '@wpc/shared/ui';
import { SHOWCASE_SETTINGS, type ShowcaseSettings } from '../settings/showcase-settings';
import { VENTURE_COMMUNITY } from './hosts';
import { MODEL } from './model';
import type { Presenter } from './presentation-types';

type Content = AreaContentOf<typeof MODEL>;
type Session = PageEntry<typeof MODEL, 'session'>;
type Showcase = PageEntry<typeof MODEL, 'showcase'>;

export interface SessionView {
  readonly id: string;
  readonly title: string;
  readonly kind: 'pitch' | 'update';
  readonly category: string;
  readonly description: string;
  readonly clip: VideoClip | null;
  /** The clip's preview image ('' for none). */
  readonly preview: string;
  /** The slides' address ('' for none). */
  readonly slides: string;
  readonly presenters: readonly Presenter[];
}

export interface EventView {
  /** MMDDYYYY (spec §3): the archive's tab, and what the visitor's choice is kept as. */
  readonly date: string;
  readonly showcaseHeaderName: string;
  readonly fullVideo: VideoClip | null;
  readonly videoPreview: string;
  readonly update: SessionView | null;
  readonly pitches: readonly SessionView[];
}

/** A showcase as its structured data names it. */
export interface EventSummary {
  readonly name: string;
  /** YYYY-MM-DD */
  readonly day: string;
  /** The start instant, when known. */
  readonly startsAt?: string;
}

export interface PresentationsPageData {
  /** Oldest first, as the tabs read. */
  readonly events: readonly EventView[];
  readonly summaries: readonly EventSummary[];
  readonly lastModified: string;
}

export interface InnovationsPageData {
  /** The latest showcase's full recording, as a taste of what a showcase is like. */
  readonly demo: { readonly title: string; readonly video: VideoClip; readonly preview: string } | null;
  readonly summaries: readonly EventSummary[];
  readonly lastModified: string;
}

const SEED_DAY = MODEL.seedDate.slice(0, 10);
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'youtube-nocookie.com']);

/** Whole seconds from a "start", "end" or "t" parameter ("130" or "130s"). */
const seconds = (value: string | null) => (value && /^\d+s?$/.test(value) ? parseInt(value, 10) : undefined);

/**
 * A hosted clip from the link an editor pastes: youtu.be/<id>, youtube.com/watch?v=<id> or
 * .../embed/<id>, with start (or t) and end in seconds. Anything else is not a clip we can play.
 */
export function clipFromLink(link: string | undefined): VideoClip | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (YOUTUBE_HOSTS.has(host))
    id = url.pathname.startsWith('/embed/') ? url.pathname.slice('/embed/'.length) : url.searchParams.get('v');
  if (!id || !/^[\w-]{11}$/.test(id)) return null;
  const start = seconds(url.searchParams.get('start')) ?? seconds(url.searchParams.get('t'));
  const end = seconds(url.searchParams.get('end'));
  return { id, ...(start !== undefined ? { start } : {}), ...(end !== undefined && end > (start ?? 0) ? { end } : {}) };
}

/** YYYY-MM-DD -> MMDDYYYY. */
const showcaseDate = (day: string) => `${day.slice(5, 7)}${day.slice(8, 10)}${day.slice(0, 4)}`;

function sessionView({ id, data }: Session): SessionView {
  return {
    id,
    title: data.title,
    kind: data.kind,
    category: data.category,
    description: data.description,
    clip: clipFromLink(data.clip),
    preview: data.clipPreview?.src ?? '',
    slides: data.slides ?? '',
    presenters: data.presenters.map((presenter) => ({
      name: presenter.name,
      role: presenter.role,
      photo: presenter.avatar?.src ?? '',
      orgName: presenter.organisation,
      orgLogo: presenter.organisationLogo?.src ?? '',
      orgLogoAlt: presenter.organisationLogo?.alt ?? '',
      location: presenter.location,
      linkedin: presenter.organisationLinkedin ?? '',
      linkedinPersonal: presenter.linkedin ?? '',
    })),
  };
}

/** By start time when the sessions have one, then by title. */
const bySchedule = (a: Session, b: Session) =>
  (a.data.startsAt ? Date.parse(a.data.startsAt.at) : 0) - (b.data.startsAt ? Date.parse(b.data.startsAt.at) : 0) ||
  a.data.title.localeCompare(b.data.title, 'en');

const showcasesOf = (content: Content): Showcase[] =>
  [...content.showcase].sort((a, b) => a.data.date.localeCompare(b.data.date));

const summaryOf = ({ data }: Showcase): EventSummary => ({
  name: data.title,
  day: data.date,
  ...(data.startsAt ? { startsAt: data.startsAt.at } : {}),
});

function eventView(showcase: Showcase, content: Content): EventView {
  const sessions = content.session
    .filter((candidate) => candidate.data.showcase === showcase.id && candidate.data.hidden !== true)
    .sort(bySchedule);
  const update = sessions.find((candidate) => candidate.data.kind === 'update');
  return {
    date: showcaseDate(showcase.data.date),
    showcaseHeaderName: showcase.data.title,
    fullVideo: clipFromLink(showcase.data.recording),
    videoPreview: showcase.data.recordingPreview?.src ?? '',
    update: update ? sessionView(update) : null,
    pitches: sessions.filter((candidate) => candidate.data.kind === 'pitch').map(sessionView),
  };
}

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

/** The calendar day of an instant where the showcase is held. */
const localDay = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );

/**
 * Every published showcase (its start instant when known, else its day) and the next one of the
 * settings when it is not among them yet.
 */
export function showcaseEvents(
  summaries: readonly EventSummary[],
  settings: ShowcaseSettings = SHOWCASE_SETTINGS,
): WithContext<Event>[] {
  const nextDay = localDay(settings.nextEventStartsAt, settings.timeZone);
  const events = summaries.map((event) => showcaseEvent(event.name, event.startsAt ?? event.day, settings));
  if (!summaries.some((event) => event.day === nextDay))
    events.push(showcaseEvent('Wildfire Innovation Showcase', settings.nextEventStartsAt, settings));
  return events;
}

const lastModified = (content: Content) => lastModifiedOf([...content.showcase, ...content.session], SEED_DAY);

export const PAGE_DATA = {
  '/showcase/presentations': definePage<Content, PresentationsPageData>({
    data: (content) => {
      const showcases = showcasesOf(content);
      return {
        events: showcases.map((showcase) => eventView(showcase, content)),
        summaries: showcases.map(summaryOf),
        lastModified: lastModified(content),
      };
    },
    meta: ({ summaries, lastModified: day }) => ({ lastModified: day, structuredData: showcaseEvents(summaries) }),
  }),
  '/showcase/innovations': definePage<Content, InnovationsPageData>({
    data: (content) => {
      const showcases = showcasesOf(content);
      const latest = [...showcases].reverse().find((showcase) => clipFromLink(showcase.data.recording));
      const video = latest ? clipFromLink(latest.data.recording) : null;
      return {
        demo:
          latest && video
            ? { title: latest.data.title, video, preview: latest.data.recordingPreview?.src ?? '' }
            : null,
        summaries: showcases.map(summaryOf),
        lastModified: lastModified(content),
      };
    },
    meta: ({ summaries, lastModified: day }) => ({ lastModified: day, structuredData: showcaseEvents(summaries) }),
  }),
};

/** A draft session or showcase is previewed in the archive. */
export const PREVIEW_PATHS: PreviewPaths<typeof MODEL> = {
  showcase: () => '/showcase/presentations',
  session: () => '/showcase/presentations',
};
