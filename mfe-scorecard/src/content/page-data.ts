/**
 * What the scorecard's pages read of the published content (issue 28), and the metadata that
 * follows from it: the press releases (the newest in full on /scorecard/news, the others listed
 * ten a page, each on its own page with NewsArticle structured data) and the FAQ. Runs on the
 * area's server and in its build; pages receive the result (usePageData).
 */
import type { NewsArticle, WithContext } from 'schema-dts';
import {
  definePage,
  lastModifiedOf,
  type AreaContentOf,
  type PageEntry,
  type PreviewPaths,
} from '@wpc/shared/content-model';
import { CONSORTIUM, faqPage, shortDescription, textOfHtml } from '@wpc/shared/page-meta';
import { reachLineOf } from '@wpc/shared/reach-line';
import { TEN_ESSENTIALS } from '@wpc/shared/scorecard';
import { MODEL } from './model';
import { releasePath, RELEASES_PER_PAGE } from './news-page';
import { OVERVIEW_ILLUSTRATION, shareImage } from './page-meta';

const overviewImage = (title: string) => shareImage(OVERVIEW_ILLUSTRATION.name, OVERVIEW_ILLUSTRATION.alt, title);

type Content = AreaContentOf<typeof MODEL>;
type Release = PageEntry<typeof MODEL, 'pressRelease'>;

export interface ReleaseSummary {
  readonly path: string;
  /** When the release was last changed (ISO instant). */
  readonly updatedAt: string;
  readonly title: string;
  /** YYYY-MM-DD */
  readonly date: string;
  readonly dateLabel: string;
  readonly summary: string;
}

export interface ReleaseView extends ReleaseSummary {
  readonly headline: string;
  readonly place: string;
  readonly bodyHtml: string;
  readonly links: readonly { readonly label: string; readonly url: string }[];
  readonly contacts: readonly {
    readonly name: string;
    readonly role: string;
    readonly organisation: string;
    readonly email: string;
    readonly phone?: string;
  }[];
}

export interface ReleaseList {
  readonly items: readonly ReleaseSummary[];
  /** The day the newest change among them was made: the page's lastModified. */
  readonly lastModified: string;
  /** 1 for the list on /scorecard/news, then /scorecard/news/page/<page>. */
  readonly page: number;
  readonly pages: number;
}

export interface NewsPageData {
  readonly latest: ReleaseView | null;
  readonly lastModified: string;
  readonly earlier: ReleaseList;
}

export interface ReleasePageData {
  readonly release: ReleaseView;
}

export interface FaqView {
  readonly slug: string;
  readonly question: string;
  readonly answerHtml: string;
  readonly listEssentials: boolean;
  readonly link?: { readonly label: string; readonly href: string };
}

export interface FaqPageData {
  readonly items: readonly FaqView[];
  readonly lastModified: string;
}

export interface LandingPageData {
  /** The public reach line, when the team switched it on and N is 1 or more. */
  readonly reachLine: string | null;
}

/** A page whose content is all gone still has a lastModified: the seed's day. */
const SEED_DAY = MODEL.seedDate.slice(0, 10);

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLabel = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

/** Newest first: by release date, then by when each was published. */
function releasesOf(content: Content): Release[] {
  return [...content.pressRelease].sort(
    (a, b) => b.data.date.localeCompare(a.data.date) || Date.parse(b.publishedAt) - Date.parse(a.publishedAt),
  );
}

function summaryOf(release: Release): ReleaseSummary {
  const { title, date, summary } = release.data;
  return {
    path: releasePath(release.slug),
    updatedAt: release.updatedAt,
    title,
    date,
    dateLabel: dayLabel(date),
    summary,
  };
}

function viewOf(release: Release): ReleaseView {
  const { headline, place, body, links = [], contacts = [] } = release.data;
  return { ...summaryOf(release), headline, place, bodyHtml: body.html, links, contacts };
}

function listPage(content: Content, page: number): ReleaseList | undefined {
  const earlier = releasesOf(content).slice(1);
  const pages = Math.max(1, Math.ceil(earlier.length / RELEASES_PER_PAGE));
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
  const shown = earlier.slice((page - 1) * RELEASES_PER_PAGE, page * RELEASES_PER_PAGE);
  return { items: shown.map(summaryOf), lastModified: lastModifiedOf(shown, SEED_DAY), page, pages };
}

function newsArticle(release: ReleaseView): WithContext<NewsArticle> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: release.title,
    alternativeHeadline: release.headline,
    description: release.summary,
    datePublished: release.date,
    dateModified: release.updatedAt,
    url: release.path,
    mainEntityOfPage: { '@type': 'WebPage', '@id': release.path },
    author: CONSORTIUM,
    publisher: CONSORTIUM,
  };
}

const faqItemsOf = (content: Content): FaqView[] =>
  [...content.faqEntry]
    .sort((a, b) => a.data.order - b.data.order || a.data.question.localeCompare(b.data.question))
    .map(({ slug, data }) => ({
      slug,
      question: data.question,
      answerHtml: data.answer.html,
      listEssentials: data.listEssentials === true,
      ...(data.linkLabel && data.linkUrl ? { link: { label: data.linkLabel, href: data.linkUrl } } : {}),
    }));

/** An FAQ answer as text: its paragraphs, then the Ten Essentials when it lists them. */
const answerText = (item: FaqView) =>
  [
    textOfHtml(item.answerHtml),
    ...(item.listEssentials ? [`${TEN_ESSENTIALS.map((e) => e.title).join('; ')}.`] : []),
  ].join(' ');

export const PAGE_DATA = {
  '/scorecard': definePage<Content, LandingPageData>({
    data: (content, _params, figures) => ({ reachLine: reachLineOf(content.reachLine, figures) }),
  }),
  '/scorecard/news': definePage<Content, NewsPageData>({
    data: (content) => {
      const [latest] = releasesOf(content);
      return {
        latest: latest ? viewOf(latest) : null,
        lastModified: lastModifiedOf(content.pressRelease, SEED_DAY),
        earlier: listPage(content, 1)!,
      };
    },
    meta: ({ latest, lastModified }) => ({
      lastModified,
      ...(latest
        ? {
            description: shortDescription(
              `Press releases about the Community Wildfire Resilience Scorecard. The latest, of ${latest.dateLabel}: ${latest.title}.`,
            ),
          }
        : {}),
    }),
  }),
  '/scorecard/news/page/:page': definePage<Content, ReleaseList>({
    params: (content) =>
      Array.from({ length: listPage(content, 1)!.pages - 1 }, (_none, index) => ({ page: String(index + 2) })),
    data: (content, { page }) => (page === '1' ? undefined : listPage(content, Number(page))),
    meta: ({ page, pages, lastModified }) => {
      const title = `Earlier Press Releases, page ${page} of ${pages}`;
      return { title, lastModified, shareImage: overviewImage(title) };
    },
  }),
  '/scorecard/news/:slug': definePage<Content, ReleasePageData>({
    params: (content) => content.pressRelease.map((release) => ({ slug: release.slug })),
    data: (content, { slug }) => {
      const release = content.pressRelease.find((candidate) => candidate.slug === slug);
      return release ? { release: viewOf(release) } : undefined;
    },
    meta: ({ release }) => ({
      title: release.title,
      description: shortDescription(release.summary),
      shareImage: overviewImage(release.title),
      type: 'article',
      lastModified: lastModifiedOf([release], release.date),
      structuredData: [newsArticle(release)],
    }),
  }),
  '/scorecard/faq': definePage<Content, FaqPageData>({
    data: (content) => ({ items: faqItemsOf(content), lastModified: lastModifiedOf(content.faqEntry, SEED_DAY) }),
    meta: ({ items, lastModified }) => ({
      lastModified,
      structuredData: [faqPage(items.map((item) => ({ question: item.question, answer: answerText(item) })))],
    }),
  }),
};

/** A draft press release is previewed on its own page, a draft question on the FAQ. */
export const PREVIEW_PATHS: PreviewPaths<typeof MODEL> = {
  pressRelease: (entry) => releasePath(entry.slug),
  faqEntry: () => '/scorecard/faq',
  reachLine: () => '/scorecard',
};
