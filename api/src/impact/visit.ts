/**
 * What a page view is counted under (issue 40): its route, the referrer's domain, its UTM
 * campaign and the device class. Each is a bounded value: a route the site has, a domain, a
 * class; never the address, the user agent or the full referrer.
 */
import { isPrivatePath } from '@wpc/shared/page-meta';
import { matchRoute, normalisePath, ROUTE_PATTERNS } from '@wpc/shared/routes';
import type { DeviceClass } from '@wpc/shared/team/impact-schemas';

/** The referrer dimension of a visit without one. */
export const DIRECT = '(direct)';
/** A referrer that is not a readable http(s) address. */
export const UNKNOWN = 'unknown';

/**
 * The route a path is counted under: the site's own route (a pattern's pages under the pattern,
 * so made-up slugs add no counters), or undefined for a path the site has no page for or keeps
 * private (the console, the updates' token pages).
 */
export function pageRoute(pathname: string): string | undefined {
  const path = normalisePath(pathname);
  if (isPrivatePath(path)) return undefined;
  const route = matchRoute(path);
  if (!route) return undefined;
  return ROUTE_PATTERNS.includes(route) ? route.path : path;
}

/**
 * The referrer's domain ("www." dropped); DIRECT without one, UNKNOWN when unreadable, and
 * undefined for the site itself (a navigation inside the site has no source of its own).
 */
export function referrerDomain(referrer: string | undefined, siteHost: string): string | undefined {
  if (!referrer) return DIRECT;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return UNKNOWN;
    host = url.hostname.toLowerCase();
  } catch {
    return UNKNOWN;
  }
  if (host === siteHost) return undefined;
  return host.replace(/^www\./, '') || UNKNOWN;
}

// Tablets first: an Android tablet's user agent lacks "Mobile", an iPad's may say "Macintosh".
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i;

/** The device class the user agent names (the user agent itself is not kept). */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The UTM fields a link carries; each cut to the beacon's limit. */
export interface Utm {
  readonly source?: string;
  readonly medium?: string;
  readonly campaign?: string;
}

/** What the campaign dimension holds when a part is missing. */
export const NO_UTM = '(none)';

/** The campaign counter's value, "source|medium|campaign"; undefined without any UTM field. */
export function campaignValue({ source, medium, campaign }: Utm): string | undefined {
  if (!source && !medium && !campaign) return undefined;
  return [source || NO_UTM, medium || NO_UTM, campaign || NO_UTM].join('|');
}

/** Splits a campaign counter's value; the campaign is last, so it may hold "|". */
export function campaignParts(value: string): { source: string; medium: string; campaign: string } {
  const [source = NO_UTM, medium = NO_UTM, ...rest] = value.split('|');
  return { source, medium, campaign: rest.join('|') || NO_UTM };
}

/** What every link in an update's email carries besides utm_campaign=<the update's id>. */
export const UPDATE_LINK_UTM = { source: 'updates', medium: 'email' } as const;
