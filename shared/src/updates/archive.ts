/**
 * The public archive of sent updates (issue 38 item 2): where it lives, each update's address, and
 * the Atom feeds. Read by the API (the email's links, the archive's answers) and by the edge (which
 * serves the pages), so both name an update's address the same way. No zod here.
 */
import { slugify } from '../content-model/fields';

/** Every sent update, newest first. */
export const UPDATES_ARCHIVE = '/updates';
/** The Atom feeds (RFC 4287): the sent updates, and the scorecard's press releases. */
export const UPDATES_FEED = '/updates/feed.atom';
export const PRESS_RELEASES_FEED = '/scorecard/news/feed.atom';
/** Where the edge asks the API for each feed. */
export const FEED_SOURCES = {
  [UPDATES_FEED]: '/api/updates/feeds/updates.atom',
  [PRESS_RELEASES_FEED]: '/api/updates/feeds/press-releases.atom',
} as const;
export const FEED_TITLES = {
  [UPDATES_FEED]: 'Updates from the Wildfire Prevention Consortium',
  [PRESS_RELEASES_FEED]: 'Scorecard press releases',
} as const;

/** An update's own page: `/updates/<UTC date of sending>-<slug of the subject>`, and `-2`, `-3`… after a namesake. */
export const ARCHIVE_ADDRESS = /^\/updates\/(\d{4}-\d{2}-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** A subject with no letter or digit still gets an address. */
const FALLBACK_SLUG = 'update';
/** Long enough to read, short enough for a link in an email. */
const MAX_SLUG = 60;

export function archiveBase(sentAt: Date, subject: string): string {
  const slug = slugify(subject).slice(0, MAX_SLUG).replace(/-+$/, '') || FALLBACK_SLUG;
  return `${UPDATES_ARCHIVE}/${sentAt.toISOString().slice(0, 10)}-${slug}`;
}

export interface Addressable {
  readonly id: string;
  readonly subject: string;
  readonly sentAt: Date;
}

/**
 * Each sent update's address. Counted over every update ever sent, withdrawn ones included and
 * oldest first, so an address never changes once an email carries it: a later namesake (same day,
 * same subject) gets `-2`.
 */
export function archivePaths(updates: readonly Addressable[]): Map<string, string> {
  const oldestFirst = [...updates].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || a.id.localeCompare(b.id));
  const taken = new Set<string>();
  const paths = new Map<string, string>();
  for (const update of oldestFirst) {
    const base = archiveBase(update.sentAt, update.subject);
    let path = base;
    // A subject that itself ends in "-2" cannot take a namesake's address either.
    for (let count = 2; taken.has(path); count += 1) path = `${base}-${count}`;
    taken.add(path);
    paths.set(update.id, path);
  }
  return paths;
}
