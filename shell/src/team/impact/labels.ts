import type { ImpactOutcome, ImpactReport, ReachKind } from '@wpc/shared/team/impact-schemas';

/** The outcomes as the team calls them. */
export const OUTCOME_LABELS: Readonly<Record<ImpactOutcome, string>> = {
  'scorecard-download': 'Scorecard zips served',
  'download-form-sent': 'Download forms sent',
  'form-opened': 'Forms opened',
  'form-sent': 'Forms sent',
  'assessment-started': 'Self-assessments started',
  'assessment-finished': 'Self-assessments finished',
  'assessment-shared': 'Self-assessments shared',
  'subscription-confirmed': 'Subscriptions confirmed',
  'subscription-left': 'Subscriptions left',
  'update-delivered': 'Updates delivered',
  'partner-register': 'Clicks to the partner’s Register page',
  'partner-apply': 'Clicks to the partner’s Apply page',
  'update-visit': 'Visits from an update’s link',
};

export const FUNNEL_LABELS: Readonly<Record<ImpactReport['funnel'][number]['step'], string>> = {
  visit: 'Visit',
  'form-opened': 'Form opened',
  'form-sent': 'Form sent',
  'subscription-confirmed': 'Subscription confirmed',
};

export const REACH_KIND_LABELS: Readonly<Record<ReachKind, string>> = {
  download: 'Scorecard downloads',
  pilot: 'Pilots',
  collaboration: 'Collaborations',
  assessment: 'Self-assessments',
};

/** A change from the previous period, as the team reads it: "+12%", "−3%", or "new" from nothing. */
export function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '0%' : 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  return percent > 0 ? `+${percent}%` : percent < 0 ? `−${-percent}%` : '0%';
}
