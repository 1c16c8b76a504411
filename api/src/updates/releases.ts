import { patternPath } from '@wpc/shared/routes';
import type { DraftRequest, ReleaseChoice } from '@wpc/shared/updates/schemas';
import type { UpdateListId } from '@wpc/shared/updates';
import type { StoredEntry } from '../records/content-entries';
import type { Store } from '../store';

/**
 * Where press releases live: the scorecard area's `pressRelease` entries (declared by the scorecard
 * remote, mfe-scorecard/src/content/model.ts, which the API does not import), each with its page.
 */
export const RELEASES = {
  area: 'scorecard',
  type: 'pressRelease',
  page: '/scorecard/news/:slug',
  list: '/scorecard/news',
} as const;

type ReleasesStore = Pick<Store, 'contentEntries'>;

export const textOf = (data: Readonly<Record<string, unknown>>, field: string) =>
  typeof data[field] === 'string' ? data[field].trim() : '';

/** The scorecard's published press releases, in the store's order. */
export async function publishedReleases(store: ReleasesStore) {
  const entries = await store.contentEntries.list(RELEASES.area);
  return entries.filter(
    (entry): entry is StoredEntry & { published: NonNullable<StoredEntry['published']> } =>
      entry.type === RELEASES.type && entry.published !== null,
  );
}

/** The published press releases an update can start from, newest first (by release date). */
export async function releaseChoices(store: ReleasesStore): Promise<ReleaseChoice[]> {
  return (await publishedReleases(store))
    .map(({ published: { slug, data } }) => ({
      slug,
      title: textOf(data, 'title') || slug,
      date: textOf(data, 'date'),
      summary: textOf(data, 'summary'),
    }))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/**
 * An update's draft from a published release: its title is the subject; the body is its summary,
 * then its text, then a link to its page. The release's links to the site's own pages become
 * absolute, since an email has no site to be relative to.
 */
export async function draftFromRelease(
  store: ReleasesStore,
  slug: string,
  list: UpdateListId,
  siteOrigin: string,
): Promise<DraftRequest | null> {
  const entry = (await publishedReleases(store)).find((candidate) => candidate.published.slug === slug);
  if (!entry) return null;
  const { data } = entry.published;
  const page = `${siteOrigin}${patternPath(RELEASES.page, { slug })}`;
  const absolute = (markdown: string) => markdown.replace(/\]\(\//g, `](${siteOrigin}/`);
  const title = textOf(data, 'title') || slug;
  const body = [
    textOf(data, 'summary'),
    absolute(textOf(data, 'body')),
    `[Read the press release on our website](${page})`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject: title.replace(/[\r\n]+/g, ' '), body, list, fromRelease: slug };
}
