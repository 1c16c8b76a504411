/**
 * The public reach line (issue 40, item 4): "Downloaded by communities in N states and
 * provinces", N being the states and provinces that hold 5 or more scorecard downloads (the
 * Impact report's own aggregates, GET /api/impact/reach). One declaration of the switch and one
 * sentence, so /scorecard and the Sponsors page, each in its own area, can never word it apart.
 * The sentence is fixed, not editable: N means exactly what the privacy rule counts, and a free
 * text could claim something else. Runs where pages are rendered (the areas' servers), never in
 * browsers: a page receives the finished sentence in its data.
 */
import { defineContentType, field, type SiteFigures } from './content-model';

/** The switch's content type's name in each area's model that shows the line. */
export const REACH_LINE_TYPE = 'reachLine';

/**
 * Whether published entries switch the line on: only then does an area's server ask the API for N
 * (the areas that never show it, and a site that keeps it off, make no call for it).
 */
export function showsReachLine(entries: readonly { readonly type: string; readonly data: Record<string, unknown> }[]) {
  return entries.some((entry) => entry.type === REACH_LINE_TYPE && entry.data.show === true);
}

/** The switch's content type, declared in each area that shows the line (its own switch per page). */
export function reachLineType(page: string) {
  return defineContentType({
    label: 'Public reach line',
    plural: 'Public reach line',
    help: `Shows “Downloaded by communities in N states and provinces” on ${page}, N counting only states and provinces with 5 or more scorecard downloads, brought up to date daily. One entry is enough; no entry, or the box unticked, hides it.`,
    titleField: 'name',
    slugFrom: 'name',
    fields: {
      name: field.text({ label: 'Name', help: 'Names the entry in the list; never shown on the site.', maxLength: 80 }),
      show: field.boolean({
        label: 'Show the reach line',
        help: 'Hidden anyway while no state or province has reached 5 downloads.',
      }),
    },
  });
}

/**
 * The sentence for N regions: the wording from 2 up, the singular for 1, nothing for 0
 * (a line saying "0 states" would advertise the opposite of reach).
 */
export function reachSentence(regions: number): string | null {
  if (!Number.isInteger(regions) || regions < 1) return null;
  if (regions === 1) return 'Downloaded by communities in 1 state or province';
  return `Downloaded by communities in ${regions} states and provinces`;
}

/** The line a page shows: when a published entry switches it on and the API has given N. */
export function reachLineOf(
  entries: readonly { readonly data: { readonly show: boolean } }[],
  figures: SiteFigures,
): string | null {
  if (!entries.some((entry) => entry.data.show) || figures.reachRegions === undefined) return null;
  return reachSentence(figures.reachRegions);
}
