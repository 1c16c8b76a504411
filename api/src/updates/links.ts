import { createHash, timingSafeEqual } from 'node:crypto';
import { LINK_TOKEN } from '@wpc/shared/updates/schemas';
import { ONE_CLICK_BODY, UPDATES_API, UPDATES_PAGES, type UpdateListId } from '@wpc/shared/updates';

/** A link's token: the record's id and its secret. */
export const tokenOf = (id: string, secret: string) => `${id}.${secret}`;

/** The id and secret of a token, or undefined for one that cannot be ours. */
export function parseToken(token: string): { id: string; secret: string } | undefined {
  if (!LINK_TOKEN.test(token)) return undefined;
  const dot = token.indexOf('.');
  return { id: token.slice(0, dot), secret: token.slice(dot + 1) };
}

/** Compares secrets in constant time (their hashes, so lengths never leak). */
export function sameSecret(given: string, stored: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(stored));
}

const withToken = (origin: string, path: string, token: string) =>
  `${origin}${path}?token=${encodeURIComponent(token)}`;

export const confirmLink = (origin: string, token: string) => withToken(origin, UPDATES_PAGES.confirm, token);
export const preferencesLink = (origin: string, token: string) => withToken(origin, UPDATES_PAGES.preferences, token);
/** An update's page in the public archive (its path from archive.ts). */
export const webVersionLink = (origin: string, archivePath: string) => `${origin}${archivePath}`;

/** RFC 8058's https URI: a POST with ONE_CLICK_BODY leaves `list`. */
export const oneClickLink = (origin: string, token: string, list: UpdateListId) =>
  `${withToken(origin, `${UPDATES_API}/one-click`, token)}&list=${list}`;

/** RFC 2369's mailto: the subject names the token and the list, for the inbound receiver (inbound.ts). */
export const unsubscribeMailto = (address: string, token: string, list: UpdateListId) =>
  `mailto:${address}?subject=${encodeURIComponent(`unsubscribe ${list} ${token}`)}`;

export { ONE_CLICK_BODY };
