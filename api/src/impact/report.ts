/**
 * The Impact page's answer (issue 40, impactReportSchema): the period's counters against the
 * period of the same length before it, each read as whole months and days
 * (records/impact/rollup.ts). Reach folds the regions under REACH_MIN_COUNT into "other", so no
 * small place can be singled out.
 */
import { FORMS, type FormId } from '@wpc/shared/schemas';
import {
  DEVICE_CLASSES,
  IMPACT_OUTCOMES,
  REACH_KINDS,
  REACH_MIN_COUNT,
  type ImpactOutcome,
  type ImpactQuery,
  type ImpactReport,
  type ReachKind,
  type ReachLevel,
} from '@wpc/shared/team/impact-schemas';
import type { ImpactRepository, SpanCounts } from '../records/impact';
import type { ListCounts } from '../records/subscriptions';
import type { Update } from '../records/updates';
import { regionName } from './reach';
import { campaignParts } from './visit';

const DAY_MS = 86_400_000;
/** Rows kept in the long tables (pages, referrers, campaigns, updates), largest first. */
const TOP = 50;
const PERIOD_DAYS: Readonly<Record<Exclude<ImpactQuery['period'], 'custom'>, number>> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const daysFrom = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => dayOf(msOf(from) + i * DAY_MS));

export interface Span {
  readonly from: string;
  readonly to: string;
  readonly days: number;
}

/** The period asked for (ending today unless custom) and the one before it. */
export function periodsOf(query: ImpactQuery, now: Date): { current: Span; previous: Span } {
  const today = dayOf(now.getTime());
  const from = query.period === 'custom' ? query.from! : dayOf(msOf(today) - (PERIOD_DAYS[query.period] - 1) * DAY_MS);
  const to = query.period === 'custom' ? query.to! : today;
  const days = Math.round((msOf(to) - msOf(from)) / DAY_MS) + 1;
  const previousTo = dayOf(msOf(from) - DAY_MS);
  return {
    current: { from, to, days },
    previous: { from: dayOf(msOf(from) - days * DAY_MS), to: previousTo, days },
  };
}

/** A span's counters summed by metric, dimension and value. */
class Tally {
  private readonly sums = new Map<string, number>();

  constructor(counts: SpanCounts) {
    for (const { metric, dim, value, n } of counts.sums) this.sums.set(`${metric}|${dim}|${value}`, n);
  }

  get(metric: string, dim = 'all', value = ''): number {
    return this.sums.get(`${metric}|${dim}|${value}`) ?? 0;
  }

  /** Every value of a dimension with its sum. */
  values(metric: string, dim: string): Map<string, number> {
    const prefix = `${metric}|${dim}|`;
    const found = new Map<string, number>();
    for (const [key, n] of this.sums) if (key.startsWith(prefix)) found.set(key.slice(prefix.length), n);
    return found;
  }
}

/** The metrics' totals day by day, over the spans read. */
class Daily {
  private readonly totals = new Map<string, number>();

  constructor(spans: readonly SpanCounts[]) {
    for (const { day, metric, n } of spans.flatMap((span) => span.daily))
      this.totals.set(`${day}|${metric}`, (this.totals.get(`${day}|${metric}`) ?? 0) + n);
  }

  onDay(day: string, metric: string): number {
    return this.totals.get(`${day}|${metric}`) ?? 0;
  }
}

interface Both {
  readonly current: Tally;
  readonly previous: Tally;
}

/** A dimension's values in either period, largest now first, with both figures. */
function compareValues(both: Both, metric: string, dim: string) {
  const current = both.current.values(metric, dim);
  const previous = both.previous.values(metric, dim);
  return [...new Set([...current.keys(), ...previous.keys()])]
    .map((value) => ({ value, current: current.get(value) ?? 0, previous: previous.get(value) ?? 0 }))
    .sort((a, b) => b.current - a.current || b.previous - a.previous || a.value.localeCompare(b.value))
    .slice(0, TOP);
}

const compared = (both: Both, metric: string, dim = 'all', value = '') => ({
  current: both.current.get(metric, dim, value),
  previous: both.previous.get(metric, dim, value),
});

function reachOf(tally: Tally, kind: ReachKind): ImpactReport['reach'][number] {
  const metric = `reach:${kind}`;
  const regions: ImpactReport['reach'][number]['regions'] = [];
  let known = 0;
  let shownWide = 0;
  for (const level of ['county', 'state', 'province'] as const satisfies readonly ReachLevel[]) {
    for (const [code, count] of tally.values(metric, level)) {
      // A US code counts in its county and its state: states and provinces hold each code once.
      if (level !== 'county') known += count;
      if (count < REACH_MIN_COUNT) continue;
      if (level !== 'county') shownWide += count;
      regions.push({ level, code, name: regionName(level, code), count });
    }
  }
  regions.sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { kind, regions, other: known - shownWide, unknown: tally.get(metric, 'unknown') };
}

/** Confirmed subscribers at each day's end, walked back from today's through the counted changes. */
function listGrowth(all: Daily, current: Span, today: string, subscribersNow: number): ImpactReport['listGrowth'] {
  const days = daysFrom(current.from, current.days);
  let subscribers = subscribersNow;
  // Changes after the period (a custom one that ended before today) come off first.
  for (let day = today; day > current.to; day = dayOf(msOf(day) - DAY_MS))
    subscribers -= all.onDay(day, 'subscription-confirmed') - all.onDay(day, 'subscription-left');
  const rows: ImpactReport['listGrowth'] = [];
  for (const day of days.reverse()) {
    const confirmed = all.onDay(day, 'subscription-confirmed');
    const left = all.onDay(day, 'subscription-left');
    rows.unshift({ day, confirmed, left, subscribers: Math.max(0, subscribers) });
    subscribers -= confirmed - left;
  }
  return rows;
}

export interface ReportSources {
  readonly impact: ImpactRepository;
  /** The lists' counts now (the confirmed subscribers at today's end). */
  listCounts(): Promise<readonly ListCounts[]>;
  update(id: string): Promise<Pick<Update, 'subject'> | null>;
}

const FORM_IDS = Object.keys(FORMS) as FormId[];
const ID_LIKE = /^[A-Za-z0-9_-]{1,64}$/;

export async function impactReport(sources: ReportSources, query: ImpactQuery, now: Date): Promise<ImpactReport> {
  const { current, previous } = periodsOf(query, now);
  const today = dayOf(now.getTime());
  // The days after a custom period, up to today, walk the list's growth back from today's count.
  const [currentCounts, previousCounts, laterCounts] = await Promise.all([
    sources.impact.span(current.from, current.to),
    sources.impact.span(previous.from, previous.to),
    current.to < today ? sources.impact.span(dayOf(msOf(current.to) + DAY_MS), today) : undefined,
  ]);
  const both: Both = { current: new Tally(currentCounts), previous: new Tally(previousCounts) };
  const all = new Daily([currentCounts, previousCounts, ...(laterCounts ? [laterCounts] : [])]);
  const days = daysFrom(current.from, current.days);
  const subscribersNow = (await sources.listCounts()).reduce((sum, list) => sum + list.confirmed, 0);
  const updates = compareValues(both, 'update-visit', 'campaign');
  const titles = await Promise.all(
    updates.map(({ value }) => (ID_LIKE.test(value) ? sources.update(value).catch(() => null) : null)),
  );
  return {
    period: current,
    previous: { from: previous.from, to: previous.to },
    updatedAt: now.toISOString(),
    totals: {
      views: compared(both, 'view'),
      visitors: compared(both, 'visitor'),
      outcomes: Object.fromEntries(IMPACT_OUTCOMES.map((outcome) => [outcome, compared(both, outcome)])) as Record<
        ImpactOutcome,
        { current: number; previous: number }
      >,
    },
    visits: days.map((day) => ({ day, views: all.onDay(day, 'view'), visitors: all.onDay(day, 'visitor') })),
    topPages: compareValues(both, 'view', 'route').map(({ value, ...n }) => ({ route: value, ...n })),
    referrers: compareValues(both, 'view', 'referrer').map(({ value, ...n }) => ({ domain: value, ...n })),
    campaigns: compareValues(both, 'view', 'campaign').map(({ value, ...n }) => ({ ...campaignParts(value), ...n })),
    devices: DEVICE_CLASSES.map((device) => ({ device, ...compared(both, 'view', 'device', device) })),
    forms: FORM_IDS.map((form) => ({
      form,
      opened: compared(both, 'form-opened', 'form', form),
      sent: compared(both, 'form-sent', 'form', form),
    })),
    funnel: [
      { step: 'visit', ...compared(both, 'visitor') },
      { step: 'form-opened', ...compared(both, 'form-opened') },
      { step: 'form-sent', ...compared(both, 'form-sent') },
      { step: 'subscription-confirmed', ...compared(both, 'subscription-confirmed') },
    ],
    downloads: days.map((day) => ({
      day,
      served: all.onDay(day, 'scorecard-download'),
      formsSent: all.onDay(day, 'download-form-sent'),
    })),
    updates: updates.map(({ value, current: now_, previous: before }, index) => ({
      campaign: value,
      ...(titles[index] ? { title: titles[index].subject } : {}),
      visits: { current: now_, previous: before },
    })),
    listGrowth: listGrowth(all, current, today, subscribersNow),
    reach: REACH_KINDS.map((kind) => reachOf(both.current, kind)),
  };
}
