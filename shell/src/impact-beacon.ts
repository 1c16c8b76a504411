import { apiBase } from '@wpc/shared/api-client';

/**
 * Counts navigations inside the site (issue 40): the edge counted the page that loaded, so only
 * a later change of page sends a beacon, with `navigator.sendBeacon` (no cookie, not awaited, sent
 * even as the page unloads). It carries the route and the link's UTM fields, nothing else.
 */
export function countNavigations(): void {
  let previous = window.location.pathname;
  window.addEventListener('single-spa:routing-event', () => {
    const { pathname, search } = window.location;
    if (pathname === previous) return;
    previous = pathname;
    const query = new URLSearchParams(search);
    const utm = (name: string) => query.get(`utm_${name}`)?.slice(0, 100) || undefined;
    const beacon = {
      type: 'view',
      route: pathname,
      utmSource: utm('source'),
      utmMedium: utm('medium'),
      utmCampaign: utm('campaign'),
    };
    navigator.sendBeacon?.(`${apiBase()}/api/impact/beacon`, JSON.stringify(beacon));
  });
}
