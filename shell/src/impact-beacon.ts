import { DATA_IMPACT, countOutcome, sendBeacon, type LinkOutcome } from '@wpc/shared/impact';

const LINK_OUTCOMES: readonly string[] = ['partner-register', 'partner-apply'] satisfies LinkOutcome[];

/**
 * Counts navigations inside the site (issue 40): the edge counted the page that loaded, so only
 * a later change of page sends a beacon. It carries the route and the link's UTM fields, nothing
 * else. A click on a link an area marked with DATA_IMPACT (the partner's Register and Apply pages)
 * is counted here too, so no area needs a listener of its own.
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
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest(`a[${DATA_IMPACT}]`) : null;
    const outcome = link?.getAttribute(DATA_IMPACT);
    if (outcome && LINK_OUTCOMES.includes(outcome)) countOutcome(outcome as LinkOutcome);
  });
}
