import { useMemo } from 'react';
import { IMPACT_OUTCOMES, REACH_MIN_COUNT } from '@wpc/shared/team';
import type { ImpactQuery, ImpactReport } from '@wpc/shared/team/impact-schemas';
import { useSearch } from '../../location';
import { call } from '../api';
import { formatDateTime, formatDay } from '../format';
import { goTo } from '../navigation';
import type { SignedInProps } from '../session';
import consoleStyles from '../TeamConsole.module.css';
import { useConsoleQuery } from '../use-console-query';
import { ChartSection } from './ChartSection';
import { comparedBars, downloadsChart, listGrowthChart, visitsChart } from './charts';
import type { Column } from './csv';
import { change, FUNNEL_LABELS, OUTCOME_LABELS } from './labels';
import { PeriodPicker, PERIOD_LABELS, queryOf, searchOf } from './PeriodPicker';
import { ReachSection } from './ReachSection';

const PATH = '/team/impact';

/** A figure of this period beside the period before it (every comparison table's shape). */
interface Compared {
  readonly label: string;
  readonly current: number;
  readonly previous: number;
}
const comparedColumns = (first: string): readonly Column<Compared>[] => [
  { label: first, value: (row) => row.label },
  { label: 'This period', value: (row) => row.current, numeric: true },
  { label: 'Previous period', value: (row) => row.previous, numeric: true },
  { label: 'Change', value: (row) => change(row.current, row.previous), numeric: true },
];

const VISIT_COLUMNS: readonly Column<ImpactReport['visits'][number]>[] = [
  { label: 'Day', value: (row) => row.day },
  { label: 'Views', value: (row) => row.views, numeric: true },
  { label: 'Unique visitors', value: (row) => row.visitors, numeric: true },
];
const DOWNLOAD_COLUMNS: readonly Column<ImpactReport['downloads'][number]>[] = [
  { label: 'Day', value: (row) => row.day },
  { label: 'Zips served', value: (row) => row.served, numeric: true },
  { label: 'Download forms sent', value: (row) => row.formsSent, numeric: true },
];
const GROWTH_COLUMNS: readonly Column<ImpactReport['listGrowth'][number]>[] = [
  { label: 'Day', value: (row) => row.day },
  { label: 'Confirmed', value: (row) => row.confirmed, numeric: true },
  { label: 'Left', value: (row) => row.left, numeric: true },
  { label: 'Subscribers at day’s end', value: (row) => row.subscribers, numeric: true },
];

/**
 * The comparison sections between the visits and the downloads, in page order: each has a table
 * of comparedRows' list of the same key, and all but the updates a bar chart of it.
 */
const COMPARED_SECTIONS: readonly {
  readonly key: 'pages' | 'referrers' | 'campaigns' | 'updates' | 'funnel';
  readonly title: string;
  readonly first: string;
  readonly intro?: string;
  readonly summary?: string;
}[] = [
  {
    key: 'pages',
    title: 'Top pages',
    first: 'Page',
    summary: 'Bar chart of page views per page, this period and the previous one.',
  },
  {
    key: 'referrers',
    title: 'Referrers',
    first: 'Referrer',
    intro: 'The sites visitors came from, by domain; “(direct)” when none was sent.',
    summary: 'Bar chart of visits per referring domain.',
  },
  {
    key: 'campaigns',
    title: 'Campaigns',
    first: 'Campaign',
    intro: 'Visits whose link carried UTM tags: campaign, source and medium.',
    summary: 'Bar chart of visits per campaign.',
  },
  {
    key: 'updates',
    title: 'Visits from updates',
    first: 'Update',
    intro: 'Visits that arrived from a link in an update sent to subscribers.',
  },
  {
    key: 'funnel',
    title: 'From a visit to a subscription',
    first: 'Step',
    summary: 'Bar chart of the steps: visits, forms opened, forms sent, subscriptions confirmed.',
  },
];

/** The report's lists as label / this period / previous rows. */
function comparedRows(report: ImpactReport) {
  const campaignOf = (row: ImpactReport['campaigns'][number]) =>
    [row.campaign, row.source, row.medium].filter(Boolean).join(' · ') || '(none)';
  return {
    totals: [
      { label: 'Page views', ...report.totals.views },
      { label: 'Unique visitors (per day, summed)', ...report.totals.visitors },
      ...IMPACT_OUTCOMES.map((outcome) => ({ label: OUTCOME_LABELS[outcome], ...report.totals.outcomes[outcome] })),
    ],
    pages: report.topPages.map((row) => ({ label: row.route, current: row.current, previous: row.previous })),
    referrers: report.referrers.map((row) => ({ label: row.domain, current: row.current, previous: row.previous })),
    campaigns: report.campaigns.map((row) => ({
      label: campaignOf(row),
      current: row.current,
      previous: row.previous,
    })),
    updates: report.updates.map((row) => ({ label: row.title ?? row.campaign, ...row.visits })),
    funnel: report.funnel.map((row) => ({
      label: FUNNEL_LABELS[row.step],
      current: row.current,
      previous: row.previous,
    })),
  };
}

/** The charts of one report, drawn once per answer (a redraw only when the answer changes). */
function useCharts(report: ImpactReport | undefined) {
  return useMemo(() => {
    if (!report) return undefined;
    const rows = comparedRows(report);
    return {
      rows,
      visits: visitsChart(report.visits),
      pages: comparedBars(rows.pages.slice(0, 15)),
      referrers: comparedBars(rows.referrers.slice(0, 15)),
      campaigns: comparedBars(rows.campaigns.slice(0, 15)),
      funnel: comparedBars(rows.funnel),
      downloads: downloadsChart(report.downloads),
      growth: listGrowthChart(report.listGrowth),
    };
  }, [report]);
}

function periodText(query: ImpactQuery, report: ImpactReport | undefined): string {
  if (!report) return 'Loading the report…';
  const { period, previous } = report;
  return `${PERIOD_LABELS[query.period]}: ${formatDay(period.from)} to ${formatDay(period.to)} (${period.days} days), compared with ${formatDay(previous.from)} to ${formatDay(previous.to)}. Counted up to ${formatDateTime(report.updatedAt)}.`;
}

/**
 * Impact (issue 40), for admins and the `reports` role: what the site achieved in a period and
 * where the scorecard reaches, from counters only. The period lives in the address.
 */
export default function ImpactPage({ onSignedOut }: SignedInProps) {
  const query = queryOf(useSearch());
  const key = searchOf(query);
  const result = useConsoleQuery(key, () => call<ImpactReport>(`/impact?${key}`), onSignedOut);
  const report = result.data;
  const charts = useCharts(report);

  return (
    <article className="wpc-page">
      <h1>Impact</h1>
      <p className="wpc-lead">
        What the site achieved, counted without cookies and without storing anything about a person. Counts are
        estimates, not evidence: anyone can send a forged beacon, and blockers and private browsing hide visits. Regions
        with fewer than {REACH_MIN_COUNT} are folded into “Other”.
      </p>
      <PeriodPicker key={key} value={query} onChange={(next) => goTo(`${PATH}?${searchOf(next)}`)} />
      {result.error && (
        <p className={consoleStyles.error} role="alert">
          {result.error}
        </p>
      )}
      <p aria-live="polite" className={consoleStyles.summary}>
        {result.error ? '' : periodText(query, report)}
      </p>
      {report && charts && <Report report={report} charts={charts} />}
    </article>
  );
}

function Report({
  report,
  charts,
}: {
  readonly report: ImpactReport;
  readonly charts: NonNullable<ReturnType<typeof useCharts>>;
}) {
  const { rows } = charts;
  return (
    <>
      <ChartSection
        id="impact-totals"
        title="Totals"
        columns={comparedColumns('What')}
        rows={rows.totals}
        filename="impact-totals.csv"
      />
      <ChartSection
        id="impact-visits"
        title="Visits over time"
        summary={`Line chart of page views and unique visitors per day, ${report.visits.length} days.`}
        draw={charts.visits}
        columns={VISIT_COLUMNS}
        rows={report.visits}
        filename="impact-visits.csv"
      />
      {COMPARED_SECTIONS.map((section) => (
        <ChartSection
          key={section.key}
          id={`impact-${section.key}`}
          title={section.title}
          intro={section.intro}
          summary={section.summary}
          draw={section.key === 'updates' ? undefined : charts[section.key]}
          columns={comparedColumns(section.first)}
          rows={rows[section.key]}
          filename={`impact-${section.key}.csv`}
        />
      ))}
      <ChartSection
        id="impact-downloads"
        title="Scorecard downloads"
        summary="Bars of scorecard zips served per day, with a line of download forms sent."
        draw={charts.downloads}
        columns={DOWNLOAD_COLUMNS}
        rows={report.downloads}
        filename="impact-downloads.csv"
      />
      <ReachSection reach={report.reach} />
      <ChartSection
        id="impact-growth"
        title="List growth"
        summary="Area chart of confirmed subscribers at each day’s end."
        draw={charts.growth}
        columns={GROWTH_COLUMNS}
        rows={report.listGrowth}
        filename="impact-list-growth.csv"
      />
    </>
  );
}
