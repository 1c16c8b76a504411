import { DATA_OUTCOME, OUTCOME_EVENT, type BrowserOutcome, type OutcomeDetail } from '@wpc/shared/events';
import type { Beacon } from '@wpc/shared/team/impact-schemas';

const LINK_OUTCOMES: readonly string[] = ['partner-register', 'partner-apply'] satisfies BrowserOutcome[];

/**
 * `navigator.sendBeacon`: no cookie, never awaited, sent even as the page unloads. The API's base
 * as api-client's apiBase() reads it, without importing api-client: that module brings the form
 * definitions, which every page otherwise fetches only once idle (2.5 KB more on each first load).
 */
function sendBeacon(beacon: Beacon): void {
  navigator.sendBeacon?.(`${process.env.WPC_API_BASE ?? ''}/api/impact/beacon`, JSON.stringify(beacon));
}

const route = () => window.location.pathname.slice(0, 200) || '/';

/**
 * Counts what the edge cannot see (issue 40): navigations inside the site (the edge counted the
 * page that loaded, so only a later change of page sends a beacon, with the route and the link's
 * UTM fields, nothing else); what an area reports (OUTCOME_EVENT: a form opened, an assessment
 * started); and clicks on links an area marked with DATA_OUTCOME (the partner's Register and
 * Apply pages).
 */
export function countNavigations(): void {
  let previous = window.location.pathname;
  window.addEventListener('single-spa:routing-event', () => {
    const { pathname, search } = window.location;
    if (pathname === previous) return;
    previous = pathname;
    const query = new URLSearchParams(search);
    const utm = (name: string) => query.get(`utm_${name}`)?.slice(0, 100) || undefined;
    sendBeacon({
      type: 'view',
      route: pathname,
      utmSource: utm('source'),
      utmMedium: utm('medium'),
      utmCampaign: utm('campaign'),
    });
  });
  window.addEventListener(OUTCOME_EVENT, (event) => {
    const { outcome, form } = (event as CustomEvent<OutcomeDetail>).detail;
    sendBeacon({ type: 'outcome', outcome, route: route(), form });
  });
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest(`a[${DATA_OUTCOME}]`) : null;
    const outcome = link?.getAttribute(DATA_OUTCOME);
    if (outcome && LINK_OUTCOMES.includes(outcome)) {
      sendBeacon({ type: 'outcome', outcome: outcome as BrowserOutcome, route: route() });
    }
  });
}
