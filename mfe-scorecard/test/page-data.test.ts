/**
 * @jest-environment node
 */
// What the scorecard's pages read of the published press releases (issue 28): the newest in full,
// the earlier ones ten a page, one page each with its own head.
import { createAreaContent } from '@wpc/shared/area/content';
import { pagesAround } from '../src/components/PressRelease';
import { MODEL } from '../src/content/model';
import { PAGE_DATA, type NewsPageData, type ReleaseList, type ReleasePageData } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';

const area = createAreaContent({ model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META });
const seed = area.seedEntries();

/** n releases, the i-th dated i days after 1 January 2020 and changed on 3 March 2026. */
function releases(n: number) {
  return Array.from({ length: n }, (_none, index) => ({
    type: 'pressRelease',
    id: `press-${index}`,
    slug: `release-${index}`,
    publishedAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-03T09:00:00Z',
    data: {
      title: `Release ${index}`,
      headline: `The headline of release ${index}`,
      date: new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10),
      place: 'Reno, Nevada',
      summary: `${'A long summary that goes on and on about the release. '.repeat(5)}Number ${index}.`,
      body: `Release ${index}.`,
    },
  }));
}

const contentWith = (extra: ReturnType<typeof releases>) =>
  area.buildContent({ kind: 'published', revision: 'r1' }, [...seed, ...extra]);

describe('the press releases’ pages', () => {
  const content = contentWith(releases(25));

  it('/scorecard/news shows the newest release in full and the next ten', () => {
    const { data } = area.pageFor('/scorecard/news', content)!;
    const { latest, earlier } = data as NewsPageData;
    // The seed's release of 19 February 2024 is newer than all of 2020's.
    expect(latest?.title).toBe('Community Wildfire Resilience Scorecard Launched');
    expect(earlier.items.map((item) => item.title)).toEqual(
      Array.from({ length: 10 }, (_none, index) => `Release ${24 - index}`),
    );
    expect(earlier).toMatchObject({ page: 1, pages: 3, lastModified: '2026-03-03' });
  });

  it('lists the others ten a page, and has no page beyond the last', () => {
    expect(area.pagePaths(content).map((page) => page.path)).toEqual(
      expect.arrayContaining(['/scorecard/news/page/2', '/scorecard/news/page/3']),
    );
    expect(area.pagePaths(content).map((page) => page.path)).not.toContain('/scorecard/news/page/4');
    const last = area.pageFor('/scorecard/news/page/3', content)!;
    expect((last.data as ReleaseList).items.map((item) => item.title)).toEqual([
      'Release 4',
      'Release 3',
      'Release 2',
      'Release 1',
      'Release 0',
    ]);
    expect(last.meta.title).toBe('Earlier Press Releases, page 3 of 3');
    expect(area.pageFor('/scorecard/news/page/4', content)).toBeUndefined();
    expect(area.pageFor('/scorecard/news/page/1', content)).toBeUndefined();
  });

  it('gives each release its own page, its head from the release', () => {
    const page = area.pageFor('/scorecard/news/release-7', content)!;
    expect((page.data as ReleasePageData).release.title).toBe('Release 7');
    expect(page.meta.title).toBe('Release 7');
    expect(page.meta.description.length).toBeLessThanOrEqual(160);
    expect(page.meta.description).toMatch(/^A long summary that goes on and on about the release\..*…$/);
    expect(page.meta.lastModified).toBe('2026-03-03');
    expect(page.meta.shareImage.alt).toMatch(/beside the title Release 7\.$/);
    expect(page.meta.structuredData?.[0]).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Release 7',
      datePublished: '2020-01-08',
      dateModified: '2026-03-03T09:00:00Z',
      url: '/scorecard/news/release-7',
    });
    expect(page.meta.structuredData?.at(-1)).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(area.pageFor('/scorecard/news/never-published', content)).toBeUndefined();
  });

  it('with a thousand releases, the list stays one page of ten, with a hundred pages behind it', () => {
    const many = contentWith(releases(1000));
    const { earlier } = area.pageFor('/scorecard/news', many)!.data as NewsPageData;
    expect(earlier.items).toHaveLength(10);
    expect(earlier.pages).toBe(100);
    expect(area.pagePaths(many)).toHaveLength(9 + 1001 + 99);
  });
});

describe('the list’s page links', () => {
  it('name the first, the last and two either side of the current page, with gaps', () => {
    expect(pagesAround(1, 1)).toEqual([1]);
    expect(pagesAround(1, 100)).toEqual([1, 2, 3, '…', 100]);
    expect(pagesAround(50, 100)).toEqual([1, '…', 48, 49, 50, 51, 52, '…', 100]);
    expect(pagesAround(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
