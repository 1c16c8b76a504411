import { patternPath } from '@wpc/shared/routes';
import type { DraftRequest, ReleaseChoice } from '@wpc/shared/updates/schemas';
import type { UpdateListId } from '@wpc/shared/updates';
import type { StoredEntry } from '../content/entries';
import type { Store } from '../store';

/**
 * Where press releases live: the scorecard area's `pressRelease` entries (declared by the scorecard
 * remote, mfe-scorecard/src/content/model.ts, which the API does not import), each with its page.
 */
const RELEASES = { area: 'scorecard', type: 'pressRelease', page: '/scorecard/news/:slug' } as const;

type ReleasesStore = Pick<Store, 'contentEntries'>;

const text = (data: Readonly<Record<string, unknown>>, field: string) =>
  typeof data[field] === 'string' ? data[field].trim() : '';

async function published(store: ReleasesStore) {
  const entries = await store.contentEntries.list(RELEASES.area);
  return entries.filter(
    (entry): entry is StoredEntry & { published: NonNullable<StoredEntry['published']> } =>
      entry.type === RELEASES.type && entry.published !== null,
  );
}

/** The published press releases an update can start from, newest first (by release date). */
export async function releaseChoices(store: ReleasesStore): Promise<ReleaseChoice[]> {
  return (await published(store))
    .map(({ published: { slug, data } }) => ({
      slug,
      title: text(data, 'title') || slug,
      date: text(data, 'date'),
      summary: text(data, 'summary'),
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
  const entry = (await published(store)).find((candidate) => candidate.published.slug === slug);
  if (!entry) return null;
  const { data } = entry.published;
  const page = `${siteOrigin}${patternPath(RELEASES.page, { slug })}`;
  const absolute = (markdown: string) => markdown.replace(/\]\(\//g, `](${siteOrigin}/`);
  const title = text(data, 'title') || slug;
  const body = [text(data, 'summary'), absolute(text(data, 'body')), `[Read the press release on our website](${page})`]
    .filter(Boolean)
    .join('\n\n');
  return { subject: title.replace(/[\r\n]+/g, ' '), body, list, fromRelease: slug };
}
