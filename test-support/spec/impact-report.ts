import { impactReportSchema, type ImpactReport } from '@wpc/shared/team/impact-schemas';

// A week's Impact report (issue 40) for the console's tests, written from the wire contract
// and checked against it: the component test and the page walk at 1280 and 320 px use it.

const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];
const compared = (current: number, previous: number) => ({ current, previous });
const outcomes = {
  'scorecard-download': compared(40, 20),
  'download-form-sent': compared(31, 18),
  'form-opened': compared(90, 60),
  'form-sent': compared(45, 30),
  'assessment-started': compared(12, 10),
  'assessment-finished': compared(9, 4),
  'assessment-shared': compared(2, 0),
  'subscription-confirmed': compared(14, 7),
  'subscription-left': compared(1, 2),
  'update-delivered': compared(300, 0),
  'partner-register': compared(6, 3),
  'partner-apply': compared(3, 1),
  'update-visit': compared(25, 0),
};

/** A week's report as the contract describes it (checked against the schema before use). */
export const REPORT: ImpactReport = impactReportSchema.parse({
  period: { from: DAYS[0], to: DAYS[6], days: 7 },
  previous: { from: '2026-11-13', to: '2026-11-19' },
  updatedAt: '2026-11-27T06:00:00.000Z',
  totals: { views: compared(1234, 1000), visitors: compared(456, 400), outcomes },
  visits: DAYS.map((day, index) => ({ day, views: 150 + index, visitors: 60 + index })),
  topPages: [
    { route: '/scorecard', current: 700, previous: 500 },
    { route: '/', current: 400, previous: 450 },
  ],
  referrers: [
    { domain: '(direct)', current: 600, previous: 550 },
    { domain: 'news.example.org', current: 80, previous: 0 },
  ],
  campaigns: [{ source: 'updates', medium: 'email', campaign: 'update-42', current: 25, previous: 0 }],
  devices: [{ device: 'desktop', current: 800, previous: 700 }],
  forms: [{ form: 'download', opened: compared(50, 30), sent: compared(31, 18) }],
  funnel: [
    { step: 'visit', current: 456, previous: 400 },
    { step: 'form-opened', current: 90, previous: 60 },
    { step: 'form-sent', current: 45, previous: 30 },
    { step: 'subscription-confirmed', current: 14, previous: 7 },
  ],
  downloads: DAYS.map((day, index) => ({ day, served: 5 + index, formsSent: 4 + (index % 2) })),
  updates: [{ campaign: 'update-42', title: 'The 2027 Scorecard', visits: compared(25, 0) }],
  listGrowth: DAYS.map((day, index) => ({ day, confirmed: 2, left: index === 3 ? 1 : 0, subscribers: 100 + index })),
  reach: [
    {
      kind: 'download',
      regions: [
        { level: 'state', code: 'CA', name: 'California', count: 12 },
        { level: 'county', code: '06007', name: 'Butte County, CA', count: 7 },
        { level: 'province', code: 'BC', name: 'British Columbia', count: 5 },
      ],
      other: 9,
      unknown: 2,
    },
    { kind: 'pilot', regions: [], other: 3, unknown: 0 },
    { kind: 'collaboration', regions: [], other: 0, unknown: 0 },
    { kind: 'assessment', regions: [], other: 0, unknown: 0 },
  ],
});
