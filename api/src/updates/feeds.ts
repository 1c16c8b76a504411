// The Atom feeds (RFC 4287) of the sent updates and of the scorecard's press releases, written by
// hand: two flat lists of public text need no library, only care with escaping. Every text is
// escaped once; HTML content travels as escaped text (type="html"), never as markup of the feed.
import { markdownToHtml } from '@wpc/shared/content-model/prepare';
import { LIST_NAMES } from '@wpc/shared/updates';
import { FEED_TITLES, PRESS_RELEASES_FEED, UPDATES_ARCHIVE, UPDATES_FEED } from '@wpc/shared/updates/archive';
import { patternPath, SITE_NAME } from '@wpc/shared/routes';
import type { Store } from '../store';
import { archive, summaryOf } from './archive';
import { publishedReleases, RELEASES, textOf } from './releases';
import { renderBody } from './render';

/** A feed reader shows the latest; the archive page and the sitemap have every one. */
const FEED_ENTRIES = 50;

/** XML 1.0 allows no C0 control but tab, newline and carriage return, even escaped. */
const isXmlChar = (char: string) => {
  const code = char.codePointAt(0)!;
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};

/** XML text and attribute values: the five characters XML gives meaning escaped, controls dropped. */
export function escapeXml(value: string): string {
  return [...value]
    .filter(isXmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface FeedEntry {
  readonly url: string;
  readonly title: string;
  readonly published: Date;
  readonly updated: Date;
  readonly summary: string;
  readonly html: string;
}

export interface Feed {
  readonly title: string;
  /** The feed's own address, and the page it follows. */
  readonly self: string;
  readonly page: string;
  readonly entries: readonly FeedEntry[];
  /** When there is no entry to date the feed by. */
  readonly now: Date;
}

export function atomFeed({ title, self, page, entries, now }: Feed): string {
  const updated = entries.reduce((latest, entry) => Math.max(latest, entry.updated.getTime()), 0) || now.getTime();
  const text = (name: string, value: string, type = '') => `<${name}${type}>${escapeXml(value)}</${name}>`;
  const link = (href: string, rel: string, type = '') =>
    `<link rel="${rel}"${type ? ` type="${type}"` : ''} href="${escapeXml(href)}"/>`;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    text('id', self),
    text('title', title),
    text('updated', new Date(updated).toISOString()),
    link(self, 'self', 'application/atom+xml'),
    link(page, 'alternate', 'text/html'),
    `<author>${text('name', SITE_NAME)}</author>`,
    ...entries.map((entry) =>
      [
        '<entry>',
        text('id', entry.url),
        text('title', entry.title),
        link(entry.url, 'alternate', 'text/html'),
        text('published', entry.published.toISOString()),
        text('updated', entry.updated.toISOString()),
        text('summary', entry.summary),
        text('content', entry.html, ' type="html"'),
        '</entry>',
      ].join(''),
    ),
    '</feed>',
    '',
  ].join('\n');
}

type FeedStore = Pick<Store, 'updates' | 'contentEntries'>;

/** The sent updates the archive shows, newest first. */
export async function updatesFeed(store: FeedStore, origin: string, now: Date): Promise<string> {
  const updates = (await archive(store)).slice(0, FEED_ENTRIES);
  return atomFeed({
    title: FEED_TITLES[UPDATES_FEED],
    self: `${origin}${UPDATES_FEED}`,
    page: `${origin}${UPDATES_ARCHIVE}`,
    now,
    entries: updates.map(({ update, path }) => ({
      url: `${origin}${path}`,
      title: update.subject,
      published: update.startedAt,
      updated: update.startedAt,
      summary: `${LIST_NAMES[update.list]}: ${summaryOf(update)}`,
      html: renderBody(update.body).html,
    })),
  });
}

/** The published press releases, newest first by release date, as their pages show them. */
export async function pressReleasesFeed(store: FeedStore, origin: string, now: Date): Promise<string> {
  const releases = (await publishedReleases(store))
    .map(({ published }) => published)
    .sort((a, b) => textOf(b.data, 'date').localeCompare(textOf(a.data, 'date')))
    .slice(0, FEED_ENTRIES);
  return atomFeed({
    title: FEED_TITLES[PRESS_RELEASES_FEED],
    self: `${origin}${PRESS_RELEASES_FEED}`,
    page: `${origin}${RELEASES.list}`,
    now,
    entries: releases.map(({ slug, data, publishedAt, updatedAt }) => ({
      url: `${origin}${patternPath(RELEASES.page, { slug })}`,
      title: textOf(data, 'title') || slug,
      published: publishedAt,
      updated: updatedAt,
      summary: textOf(data, 'summary'),
      html: markdownToHtml(textOf(data, 'body')).html,
    })),
  });
}
