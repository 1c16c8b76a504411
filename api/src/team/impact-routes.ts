import { impactQuerySchema, impactReportSchema } from '@wpc/shared/team/impact-schemas';
import { consoleRoute } from './console-route';
import { impactReport } from '../impact/report';

/** The Impact page's numbers (issue 40): aggregates only, for admins and the `reports` role. */
export const IMPACT_TEAM_ROUTES = [
  consoleRoute({
    method: 'GET',
    path: '/impact',
    permission: 'reports',
    operationId: 'teamImpact',
    summary: 'The Impact report: visits, outcomes and reach for a period against the one before',
    description:
      'Counters per day, never a visit or a person. Regions holding fewer than REACH_MIN_COUNT fold into `other`. Counts are estimates: beacons can be forged (each address is limited) and bots are kept out by user agent.',
    query: impactQuerySchema,
    invalid: 'The period is not valid.',
    answers: { 200: { description: 'The report.', schema: { name: 'TeamImpact', schema: impactReportSchema } } },
    handler:
      ({ store, clock }) =>
      async ({ res, query }) => {
        const report = await impactReport(
          {
            impact: store.impact,
            listCounts: () => store.subscriptions.counts(),
            update: (id) => store.updates.get(id),
          },
          query,
          clock(),
        );
        res.set('Cache-Control', 'no-store');
        res.json(report);
      },
  }),
];
