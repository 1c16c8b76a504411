/**
 * Date-and-time fields are stored as an instant written with its offset in the zone it is shown
 * in ({ at: '2026-07-16T12:00:00-07:00', timeZone: 'America/Los_Angeles' }); the editor takes the
 * wall time and the zone, as people think of an event, and writes the offset itself.
 */

/** The wall time an instant was written in, for a datetime-local input: "2026-07-16T12:00". */
export const wallTime = (at: string): string => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.exec(at)?.[0] ?? '';

/** Minutes east of UTC that `zone` is at the instant `utcMs`. */
function offsetMinutes(utcMs: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(utcMs)
      .map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** A wall time in a zone as an instant with that zone's offset then; undefined when either is not valid. */
export function zonedInstant(wall: string, zone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match || !zone) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  try {
    // Twice: the offset at the guess may differ from the offset at the answer around a DST change.
    const first = offsetMinutes(asUtc, zone);
    const offset = offsetMinutes(asUtc - first * 60_000, zone);
    const sign = offset < 0 ? '-' : '+';
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${wall}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  } catch {
    return undefined; // not a zone Intl knows
  }
}

/** The zones a date-and-time field offers (IANA names, as the pages show them). */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');
