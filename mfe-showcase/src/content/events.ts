/**
 * The showcases held so far (spec §3: four events). Each one's display texts (tab label, header
 * date; the year is part of both) are formatted from `date`, so a date is typed once.
 * The hosted-video ids are sample content: the team replaces them with the real recordings.
 */
import { formatShowcaseDate, showcaseDateTime } from '../format/dates';

export interface ShowcaseEventData {
  /** MMDDYYYY (spec §3). */
  readonly date: string;
  readonly showcaseHeaderName: string;
  /** The hosted video of the whole event. */
  readonly fullVideo: string;
  /** File under public/: the full video's preview image. */
  readonly videoPreview: string;
}

export const SHOWCASE_EVENTS = [
  {
    date: '11172024',
    showcaseHeaderName: 'Fall 2024 Wildfire Innovation Showcase',
    fullVideo: 'wpcFull1124',
    videoPreview: 'media/previews/event-11172024.svg',
  },
  {
    date: '02052025',
    showcaseHeaderName: 'Winter 2025 Wildfire Innovation Showcase',
    fullVideo: 'wpcFull0225',
    videoPreview: 'media/previews/event-02052025.svg',
  },
  {
    date: '04232025',
    showcaseHeaderName: 'Spring 2025 Wildfire Innovation Showcase',
    fullVideo: 'wpcFull0425',
    videoPreview: 'media/previews/event-04232025.svg',
  },
  {
    date: '07162025',
    showcaseHeaderName: 'Summer 2025 Wildfire Innovation Showcase',
    fullVideo: 'wpcFull0725',
    videoPreview: 'media/previews/event-07162025.svg',
  },
] as const satisfies readonly ShowcaseEventData[];

export type ShowcaseEvent = (typeof SHOWCASE_EVENTS)[number];

/** A date some showcase was held on; presentation entries can only name one of these. */
export type ShowcaseDate = ShowcaseEvent['date'];

export const SHOWCASE_DATES: readonly ShowcaseDate[] = SHOWCASE_EVENTS.map((event) => event.date);

export function isShowcaseDate(value: unknown): value is ShowcaseDate {
  return typeof value === 'string' && (SHOWCASE_DATES as readonly string[]).includes(value);
}

export function findEvent(date: ShowcaseDate): ShowcaseEvent {
  const event = SHOWCASE_EVENTS.find((candidate) => candidate.date === date);
  if (!event) throw new Error(`No showcase on ${date}`);
  return event;
}

/** The most recent showcase: the one selected when the visitor has not chosen another. */
export const LATEST_SHOWCASE_DATE: ShowcaseDate = SHOWCASE_DATES.reduce((latest, date) =>
  showcaseDateTime(date) > showcaseDateTime(latest) ? date : latest,
);

/** spec §3's dateShow (the tab) and showcaseHeaderDate, from the one date. */
export const eventTabLabel = (event: { readonly date: string }): string => formatShowcaseDate(event.date, 'short');
export const eventHeaderDate = (event: { readonly date: string }): string => formatShowcaseDate(event.date, 'long');
