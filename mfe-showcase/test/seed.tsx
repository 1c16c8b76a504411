import type { ReactElement } from 'react';
import { seededArea } from '../../test-support/page-data';
import { SHOWCASE_EVENTS } from '../src/content/events';
import { consortiumSeed, innovatorSeed, MODEL, showcaseSeed } from '../src/content/model';
import { PAGE_DATA, type EventView } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';
import type { ConsortiumPresentation, InnovatorPresentation } from '../src/content/presentation-types';

const definition = { model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META };

/** The showcase's pages as its build renders them from the seed. */
export const SHOWCASE = seededArea(definition);

/** A page component at its path, with its data from the seed. */
export const at = (path: string, element: ReactElement) => SHOWCASE.wrap(path, element);

/**
 * The archive's showcases as the page receives them, with these presentations (spec §3's shapes,
 * as the tests' fixtures write them) published as sessions of the four spec showcases.
 */
export function archiveEvents(
  consortium: readonly ConsortiumPresentation[],
  innovators: readonly InnovatorPresentation[],
): readonly EventView[] {
  const entries = [
    ...SHOWCASE_EVENTS.map(showcaseSeed),
    ...consortium.map(consortiumSeed),
    ...innovators.map(innovatorSeed),
  ];
  const now = '2026-11-20T10:00:00.000Z';
  const content = SHOWCASE.api.buildContent(
    { kind: 'published', revision: 'test' },
    entries.map((entry) => ({
      ...entry,
      data: entry.data as Record<string, unknown>,
      publishedAt: now,
      updatedAt: now,
    })),
    (refused) => {
      throw new Error(`A fixture does not fit the model: ${JSON.stringify(refused)}`);
    },
  );
  return (seededArea(definition, content).pageAt('/showcase/presentations').data as { events: readonly EventView[] })
    .events;
}
