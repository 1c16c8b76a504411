/**
 * What /map reads of the published organisations (issue 28), in the shape the map and its list
 * take (spec §3's "Map organisation"), and the description that counts them.
 */
import { definePage, lastModifiedOf, type AreaContentOf, type PreviewPaths } from '@wpc/shared/content-model';
import { MODEL } from './model';
import type { MapOrganisation } from './organisation';

type Content = AreaContentOf<typeof MODEL>;

export interface MapPageData {
  /** In the order the list shows them: by name. */
  readonly organisations: readonly MapOrganisation[];
  readonly lastModified: string;
}

export const PAGE_DATA = {
  '/map': definePage<Content, MapPageData>({
    data: (content) => ({
      organisations: [...content.organisation]
        .sort((a, b) => a.data.name.localeCompare(b.data.name, 'en'))
        .map(({ data }) => ({
          orgName: data.name,
          website: data.website,
          shortDescription: data.description,
          ...(data.logo ? { orgLogo: data.logo.src } : {}),
          latLong: data.coordinates ? `${data.coordinates.lat},${data.coordinates.lng}` : '',
        })),
      lastModified: lastModifiedOf(content.organisation, MODEL.seedDate.slice(0, 10)),
    }),
    meta: ({ organisations, lastModified }) => ({
      description: `A world map of the ${organisations.length} organisations that have presented at the Wildfire Innovation Showcase, from detection start-ups to land restoration.`,
      lastModified,
    }),
  }),
};

export const PREVIEW_PATHS: PreviewPaths<typeof MODEL> = {
  organisation: () => '/map',
};
