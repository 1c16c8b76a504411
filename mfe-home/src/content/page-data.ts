/**
 * What the home area's pages read of the published content (issue 28): the people on /about by
 * group, and the sponsors on /sponsors by level.
 */
import type { PageImage } from '@wpc/shared/content-model';
import {
  definePage,
  lastModifiedOf,
  type AreaContentOf,
  type PageEntry,
  type PreviewPaths,
} from '@wpc/shared/content-model';
import { reachLineOf } from '@wpc/shared/reach-line';
import { MODEL, SPONSOR_LEVELS } from './model';

type Content = AreaContentOf<typeof MODEL>;
type Person = PageEntry<typeof MODEL, 'person'>;

export interface PersonView {
  readonly name: string;
  readonly role: string;
  readonly bio?: string;
  readonly linkedin?: string;
  readonly photo?: PageImage;
}

export interface AboutPageData {
  readonly leaders: readonly PersonView[];
  readonly curationPartners: readonly PersonView[];
  readonly core: readonly PersonView[];
  readonly past: readonly PersonView[];
  readonly lastModified: string;
}

export interface SponsorView {
  readonly name: string;
  readonly level: string;
  readonly levelLabel: string;
  readonly website?: string;
  readonly logo?: PageImage;
}

export interface SponsorsPageData {
  /** Gold first, then silver, then bronze. */
  readonly sponsors: readonly SponsorView[];
  /** The public reach line among the accomplishments, when switched on and N is 1 or more. */
  readonly reachLine: string | null;
  readonly lastModified: string;
}

const SEED_DAY = MODEL.seedDate.slice(0, 10);

function group(content: Content, name: Person['data']['group']): PersonView[] {
  return content.person
    .filter((entry) => entry.data.group === name)
    .sort((a, b) => a.data.order - b.data.order || a.data.name.localeCompare(b.data.name, 'en'))
    .map(({ data }) => ({
      name: data.name,
      role: data.role,
      ...(data.bio ? { bio: data.bio } : {}),
      ...(data.linkedin ? { linkedin: data.linkedin } : {}),
      ...(data.photo ? { photo: data.photo } : {}),
    }));
}

const levelRank = (level: string) => SPONSOR_LEVELS.findIndex((candidate) => candidate.value === level);

export const PAGE_DATA = {
  '/about': definePage<Content, AboutPageData>({
    data: (content) => ({
      leaders: group(content, 'leadership'),
      curationPartners: group(content, 'curation'),
      core: group(content, 'core'),
      past: group(content, 'past'),
      lastModified: lastModifiedOf(content.person, SEED_DAY),
    }),
    meta: ({ lastModified }) => ({ lastModified }),
  }),
  '/sponsors': definePage<Content, SponsorsPageData>({
    data: (content, _params, figures) => ({
      sponsors: [...content.sponsor]
        .sort(
          (a, b) =>
            levelRank(a.data.level) - levelRank(b.data.level) ||
            a.data.order - b.data.order ||
            a.data.name.localeCompare(b.data.name, 'en'),
        )
        .map(({ data }) => ({
          name: data.name,
          level: data.level,
          levelLabel: SPONSOR_LEVELS[levelRank(data.level)]?.label ?? data.level,
          ...(data.website ? { website: data.website } : {}),
          ...(data.logo ? { logo: data.logo } : {}),
        })),
      reachLine: reachLineOf(content.reachLine, figures),
      lastModified: lastModifiedOf(content.sponsor, SEED_DAY),
    }),
    meta: ({ lastModified }) => ({ lastModified }),
  }),
};

export const PREVIEW_PATHS: PreviewPaths<typeof MODEL> = {
  person: () => '/about',
  sponsor: () => '/sponsors',
  reachLine: () => '/sponsors',
};
