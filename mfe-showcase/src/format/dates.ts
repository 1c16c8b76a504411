/**
 * Dates and times as the showcase pages show them. Every formatter names its time zone, so the
 * server's prerender and the visitor's browser print the same text whatever their own zone.
 */

const LOCALE = 'en-US';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to build and a page prints many dates: one per set of options. */
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE, options);
    formatters.set(key, cached);
  }
  return cached;
}

/** "Wednesday, July 16, 2025": the calendar day of an instant in the given zone. */
export function formatDay(iso: string, timeZone: string): string {
  return formatter({ timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** "12PM PST", "5:30PM PST": the time of an instant in the given zone, under the zone's label. */
export function formatTime(iso: string, timeZone: string, zoneLabel: string): string {
  const parts = formatter({ timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const minute = part('minute');
  const clock = minute === '00' ? part('hour') : `${part('hour')}:${minute}`;
  return `${clock}${part('dayPeriod').toUpperCase()} ${zoneLabel}`;
}

/** "Wednesday, July 16, 2025 at 12PM PST". */
export function formatMoment(iso: string, timeZone: string, zoneLabel: string): string {
  return `${formatDay(iso, timeZone)} at ${formatTime(iso, timeZone, zoneLabel)}`;
}

const SHOWCASE_DATE = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * A showcase date as the data writes it, MMDDYYYY (spec §3), as a UTC midnight in milliseconds.
 * Throws for anything that is not a real calendar day.
 */
export function showcaseDateTime(value: string): number {
  const match = SHOWCASE_DATE.exec(value);
  if (!match) throw new Error(`Not an MMDDYYYY date: "${value}"`);
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw new Error(`No such day: "${value}"`);
  return time;
}

/** "November 17, 2024" (long) or "Nov 17, 2024" (short) for an MMDDYYYY showcase date. */
export function formatShowcaseDate(value: string, style: 'long' | 'short' = 'long'): string {
  return formatter({ timeZone: 'UTC', month: style, day: 'numeric', year: 'numeric' }).format(showcaseDateTime(value));
}
