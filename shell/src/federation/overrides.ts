/**
 * Remote overrides for development, in the spirit of single-spa's import-map-overrides: a
 * developer points one remote at another manifest (usually their own dev server) in their own
 * browser, on any environment, without touching remotes.json. The overrides live in
 * localStorage under OVERRIDES_STORAGE_KEY as a JSON object, e.g.
 *
 *   localStorage.setItem('wpc:remote-overrides', JSON.stringify({ showcase: 'http://localhost:3003/mf-manifest.json' }))
 *
 * or through the /dev/remotes page. Only http://localhost and https:// URLs are accepted, so a
 * crafted value cannot make the site load plain-HTTP code from another machine.
 */
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import type { RemoteConfig } from './remote-config';

export const OVERRIDES_STORAGE_KEY = 'wpc:remote-overrides';

export type RemoteOverrides = Partial<Record<RemoteArea, string>>;

/** The part of the Storage interface the overrides use (localStorage in the browser). */
export type OverrideStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type UrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

export interface RejectedOverride {
  readonly area: string;
  readonly value: unknown;
  readonly reason: string;
}

export interface StoredOverrides {
  readonly overrides: RemoteOverrides;
  /** Entries that were ignored, with why: shown on /dev/remotes and logged to the console. */
  readonly rejected: readonly RejectedOverride[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Accepts an absolute https:// URL, or http:// on this machine (localhost, 127.0.0.1, [::1]). */
export function checkOverrideUrl(value: string): UrlCheck {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'Enter a full URL, e.g. http://localhost:3003/mf-manifest.json.' };
  }
  if (url.username || url.password) return { ok: false, reason: 'The URL must not carry a user name or password.' };
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return { ok: true, url: url.href };
  if (url.protocol === 'http:') {
    return { ok: false, reason: 'Plain http:// is accepted only for localhost; use https:// for any other host.' };
  }
  return { ok: false, reason: 'Only http://localhost and https:// URLs are accepted.' };
}

/** The stored text, or null when there is none or the browser refuses storage. */
export function readRaw(storage: OverrideStorage | null | undefined): string | null {
  try {
    return storage?.getItem(OVERRIDES_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be switched off by the browser; then there simply are no overrides.
    return null;
  }
}

/** The overrides kept in storage, each checked; anything malformed is reported, never used. */
export function readOverrides(storage: OverrideStorage | null | undefined): StoredOverrides {
  return parseOverrides(readRaw(storage));
}

/** Checks the stored text (the JSON object under OVERRIDES_STORAGE_KEY, or null when unset). */
export function parseOverrides(raw: string | null): StoredOverrides {
  if (raw === null || raw.trim() === '') return { overrides: {}, rejected: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { overrides: {}, rejected: [{ area: '*', value: raw, reason: 'The stored value is not valid JSON.' }] };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      overrides: {},
      rejected: [{ area: '*', value: parsed, reason: 'The stored value is not a JSON object.' }],
    };
  }
  const overrides: RemoteOverrides = {};
  const rejected: RejectedOverride[] = [];
  for (const [area, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(REMOTE_AREAS as readonly string[]).includes(area)) {
      rejected.push({
        area,
        value,
        reason: `There is no remote called "${area}" (remotes: ${REMOTE_AREAS.join(', ')}).`,
      });
      continue;
    }
    if (typeof value !== 'string') {
      rejected.push({ area, value, reason: 'The URL must be a string.' });
      continue;
    }
    const check = checkOverrideUrl(value);
    if (check.ok) overrides[area as RemoteArea] = check.url;
    else rejected.push({ area, value, reason: check.reason });
  }
  return { overrides, rejected };
}

/** Saves the given overrides (an empty set removes the key). */
export function writeOverrides(storage: OverrideStorage, overrides: RemoteOverrides): void {
  const entries = REMOTE_AREAS.filter((area) => overrides[area]).map((area) => [area, overrides[area]] as const);
  if (entries.length === 0) storage.removeItem(OVERRIDES_STORAGE_KEY);
  else storage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
}

export function clearOverrides(storage: OverrideStorage): void {
  storage.removeItem(OVERRIDES_STORAGE_KEY);
}

/** The remote configuration with every valid override from storage laid over it. */
export function applyOverrides(config: RemoteConfig, storage: OverrideStorage | null | undefined): RemoteConfig {
  const { overrides } = readOverrides(storage);
  return { ...config, ...overrides };
}

/** localStorage, or null where there is none or the browser refuses it. */
export function browserStorage(): OverrideStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
