/**
 * The showcase area's content (issue 28), edited in /team by the team and by the showcase
 * partner: the showcases held (each with its full recording) and their sessions (a presentation,
 * with its presenters). The declaration gives the editor its fields, the API its validation
 * (through /content-model.json) and the pages their types. The seed is events.ts and
 * presentations.ts as they stood: the API loads it once.
 */
import {
  defineAreaModel,
  defineContentType,
  field,
  slugify,
  type DataOf,
  type SeedImage,
} from '@wpc/shared/content-model';
import { SHOWCASE_SETTINGS } from '../settings/showcase-settings';
import { SHOWCASE_EVENTS } from './events';
import { CONSORTIUM_PRESENTATIONS, INNOVATOR_PRESENTATIONS } from './presentations';
import {
  consortiumPresenters,
  innovatorPresenter,
  type ConsortiumPresentation,
  type InnovatorPresentation,
  type Presenter,
} from './presentation-types';
import { remoteFileUrl } from './remote-files';

/** Clip previews are 640×360 (16:9) and drawn at most that wide. */
const PREVIEW_WIDTHS = [320, 640, 1280];

export const showcase = defineContentType({
  label: 'Showcase',
  plural: 'Showcases',
  help: 'Each Wildfire Innovation Showcase: a tab of the archive on /showcase/presentations, with its full recording.',
  titleField: 'title',
  slugFrom: 'title',
  fields: {
    title: field.text({ label: 'Name', help: 'e.g. “Summer 2025 Wildfire Innovation Showcase”.', maxLength: 120 }),
    date: field.date({ label: 'Day', help: 'The day of the showcase, where it is held.' }),
    startsAt: field.dateTime({
      label: 'Start time',
      help: 'When it starts, with the time zone it is announced in (optional for past showcases).',
      optional: true,
    }),
    recording: field.url({
      label: 'Full recording',
      help: 'The hosted video of the whole showcase, e.g. https://www.youtube.com/watch?v=...',
      optional: true,
    }),
    recordingPreview: field.image({ label: 'Recording preview image', widths: PREVIEW_WIDTHS, optional: true }),
  },
});

export const SESSION_KINDS = [
  { value: 'pitch', label: 'Innovator presentation' },
  { value: 'update', label: 'Consortium update' },
] as const;

export const session = defineContentType({
  label: 'Session',
  plural: 'Sessions',
  help: 'One presentation at a showcase, with its presenters, clip and slides.',
  titleField: 'title',
  slugFrom: 'title',
  fields: {
    showcase: field.reference({ label: 'Showcase', help: 'The showcase it was presented at.', to: 'showcase' }),
    title: field.text({ label: 'Title', help: 'Usually the organisation’s name.', maxLength: 120 }),
    kind: field.select({ label: 'Kind', options: SESSION_KINDS }),
    category: field.text({ label: 'Category', help: 'e.g. Detection, Fuel reduction, Recovery.', maxLength: 60 }),
    startsAt: field.dateTime({
      label: 'Starts at',
      help: 'When the session starts within the showcase.',
      optional: true,
    }),
    description: field.longText({ label: 'Description', maxLength: 1200 }),
    clip: field.url({
      label: 'Clip',
      help: 'The session in the hosted recording: a YouTube link, with start and end seconds (…/embed/<id>?start=130&end=705).',
      optional: true,
    }),
    clipPreview: field.image({ label: 'Clip preview image', widths: PREVIEW_WIDTHS, optional: true }),
    slides: field.url({
      label: 'Slides (PDF)',
      help: 'An address of the slides, if the presenters shared them.',
      optional: true,
      sitePaths: true,
    }),
    hidden: field.boolean({
      label: 'Hidden from the archive',
      help: 'Keeps the session on file but off the page, e.g. at the presenter’s request.',
      optional: true,
    }),
    presenters: field.list({
      label: 'Presenters',
      itemLabel: 'Presenter',
      minItems: 1,
      maxItems: 6,
      of: {
        name: field.text({ label: 'Name', maxLength: 120 }),
        role: field.text({ label: 'Role', maxLength: 120 }),
        organisation: field.text({ label: 'Organisation', maxLength: 120 }),
        location: field.text({ label: 'Where they are based', help: 'City and country or region.', maxLength: 120 }),
        avatar: field.image({
          label: 'Photo',
          help: 'A square portrait. Without one the page shows the presenter’s initials.',
          widths: [72, 144],
          optional: true,
        }),
        linkedin: field.url({ label: 'LinkedIn profile', optional: true }),
        organisationLogo: field.image({ label: 'Organisation logo', widths: [56, 112], optional: true }),
        organisationLinkedin: field.url({ label: 'Organisation on LinkedIn', optional: true }),
      },
    }),
  },
});

export type ShowcaseData = DataOf<typeof showcase.fields>;
export type SessionData = DataOf<typeof session.fields>;

/** MMDDYYYY -> YYYY-MM-DD. */
const isoDay = (date: string) => `${date.slice(4)}-${date.slice(0, 2)}-${date.slice(2, 4)}`;
const showcaseId = (date: string) => `showcase-${isoDay(date)}`;
const seedImage = (file: string, alt: string, width: number, height: number): SeedImage => ({
  src: remoteFileUrl(file),
  alt,
  width,
  height,
});

const clipLink = (clip: InnovatorPresentation['youtube']) =>
  clip ? `https://www.youtube-nocookie.com/embed/${clip.id}?start=${clip.start ?? 0}&end=${clip.end ?? 0}` : undefined;

function presenterData(presenter: Presenter): SessionData['presenters'][number] {
  return {
    name: presenter.name,
    role: presenter.role,
    organisation: presenter.orgName,
    location: presenter.location,
    ...(presenter.photo ? { avatar: seedImage(presenter.photo, presenter.name, 144, 144) } : {}),
    ...(presenter.linkedinPersonal ? { linkedin: presenter.linkedinPersonal } : {}),
    organisationLogo: seedImage(presenter.orgLogo, `${presenter.orgName} logo`, 120, 120),
    ...(presenter.linkedin ? { organisationLinkedin: presenter.linkedin } : {}),
  };
}

function sessionData(
  entry: ConsortiumPresentation | InnovatorPresentation,
  title: string,
  kind: SessionData['kind'],
  presenters: readonly Presenter[],
): SessionData {
  return {
    showcase: showcaseId(entry.showcaseDate),
    title,
    kind,
    category: entry.category,
    description: entry.orgDescription,
    ...(entry.youtube ? { clip: clipLink(entry.youtube) } : {}),
    clipPreview: seedImage(entry.videoPreview, `Preview of the ${title} presentation`, 640, 360),
    ...(entry.slides ? { slides: remoteFileUrl(entry.slides) } : {}),
    ...('display' in entry && entry.display === false ? { hidden: true } : {}),
    presenters: presenters.map(presenterData),
  };
}

/** 16 July 2025 started at 12 pm Pacific (spec §9); the other showcases are known by their day. */
const startOf = (date: string) =>
  isoDay(date) === SHOWCASE_SETTINGS.nextEventStartsAt.slice(0, 10)
    ? { startsAt: { at: SHOWCASE_SETTINGS.nextEventStartsAt, timeZone: SHOWCASE_SETTINGS.timeZone } }
    : {};

/** A showcase of events.ts as a seed entry. */
export const showcaseSeed = (event: (typeof SHOWCASE_EVENTS)[number]) => ({
  type: 'showcase' as const,
  id: showcaseId(event.date),
  slug: slugify(event.showcaseHeaderName),
  data: {
    title: event.showcaseHeaderName,
    date: isoDay(event.date),
    ...startOf(event.date),
    recording: `https://www.youtube.com/watch?v=${event.fullVideo}`,
    recordingPreview: seedImage(event.videoPreview, `Still from the ${event.showcaseHeaderName}`, 640, 360),
  },
});

/** A consortium presentation of presentations.ts (spec §3's shape) as a seed session. */
export const consortiumSeed = (entry: ConsortiumPresentation) => ({
  type: 'session' as const,
  id: `session-${isoDay(entry.showcaseDate)}-consortium-update`,
  slug: `${isoDay(entry.showcaseDate)}-consortium-update`,
  data: sessionData(entry, entry.orgName1, 'update', consortiumPresenters(entry)),
});

/** An innovator presentation of presentations.ts (spec §3's shape) as a seed session. */
export const innovatorSeed = (entry: InnovatorPresentation) => ({
  type: 'session' as const,
  id: `session-${isoDay(entry.showcaseDate)}-${slugify(entry.orgName)}`,
  slug: `${isoDay(entry.showcaseDate)}-${slugify(entry.orgName)}`,
  data: sessionData(entry, entry.orgName, 'pitch', [innovatorPresenter(entry)]),
});

export const MODEL = defineAreaModel({
  area: 'showcase',
  types: { showcase, session },
  seedDate: '2026-11-22T00:00:00.000Z',
  seed: [
    ...SHOWCASE_EVENTS.map(showcaseSeed),
    ...CONSORTIUM_PRESENTATIONS.map(consortiumSeed),
    ...INNOVATOR_PRESENTATIONS.map(innovatorSeed),
  ],
});
