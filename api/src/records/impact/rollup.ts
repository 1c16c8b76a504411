/**
 * The Impact counters as days and months (issue 40's report speed). Each process writes its own
 * document per day (`day|writer`, the day's counters packed in one JSON text, record.ts); the
 * hourly housekeeping rolls a month that ended before yesterday into two documents of its own
 * (in impact_months the month's sums and the metrics' daily totals; in impact_month_days each
 * day's counters, the keys once) and deletes its days. FerretDB 1.24 scans the whole collection
 * for any filter but `_id` equality, so the collections a report filters stay small: the open
 * days (this month's), and the months' sums, read with one `$in` per period (a call there costs
 * ~15 ms under load, found or not: one rather than one per month); a month a period only partly
 * covers is one read of its days by `_id`. The figures: api/src/impact/README.md.
 *
 * Rolled months are written by insert only (a taken _id is refused, atomically on every store), so
 * every replica may roll up at once: whoever inserts first wrote the whole month, and the days are
 * deleted only after both documents exist. A reader takes a month from its rolled document when
 * there is one, else from the open days, and reads the days first: a month rolled between the two
 * reads is then taken whole from the rolled document.
 *
 * Counters written by earlier versions (one document per counter, `day|metric|dim|writer|value`
 * in impact_counters) are read beside the days and moved into days by the roll-up, past days only
 * (an earlier version still running writes today's); a moved counter's day keeps its writer, so a
 * reader skips the old documents of a day that has been moved.
 */
import { type Doc, DuplicateKeyError, type Documents } from '../../db/port';
import type { CounterSum, ImpactCount, SpanCounts } from '.';
import { TOTAL_DAY } from '.';

/** A day's or a month's counters: "metric|dim|value" → count. */
export type Counters = Record<string, number>;
/** Counters packed in one text field: FerretDB decodes one string far faster than ~150 fields. */
export type PackedDoc = Doc & { c: string };
type MonthSumsDoc = PackedDoc & { daily: string };
type LegacyDoc = Doc & { n: number };

export const SEPARATOR = '|';
/** The character after SEPARATOR: `${day}${AFTER}` bounds every _id of the day from above. */
const AFTER = String.fromCharCode(SEPARATOR.charCodeAt(0) + 1);
const DAY_MS = 86_400_000;
const DELETE_BATCH = 5000;

export const collections = {
  legacy: 'impact_counters',
  days: 'impact_days',
  months: 'impact_months',
  monthDays: 'impact_month_days',
} as const;

const legacy = (db: Documents) => db.collection<LegacyDoc>(collections.legacy);
const days = (db: Documents) => db.collection<PackedDoc>(collections.days);
const months = (db: Documents) => db.collection<MonthSumsDoc>(collections.months);
const monthDays = (db: Documents) => db.collection<PackedDoc>(collections.monthDays);

export const keyText = (metric: string, dim: string, value: string) => [metric, dim, value].join(SEPARATOR);

function keyOf(text: string): { metric: string; dim: string; value: string } {
  const [metric = '', dim = '', ...rest] = text.split(SEPARATOR);
  // The value is last, so a "|" inside it (a campaign's name) stays in it.
  return { metric, dim, value: rest.join(SEPARATOR) };
}

export const unpack = <T = Counters>(text: string) => JSON.parse(text) as T;

/**
 * A month's days as its keys once and each day's counts in their order (0 where a day has none):
 * ~8 times shorter than a key per count, and FerretDB's cost of a read grows with the text.
 */
interface PackedDays {
  readonly keys: readonly string[];
  readonly days: Readonly<Record<string, readonly number[]>>;
}

function packDays(byDay: Readonly<Record<string, Counters>>): string {
  const keys = [...new Set(Object.values(byDay).flatMap((counters) => Object.keys(counters)))];
  const days = Object.fromEntries(
    Object.entries(byDay).map(([day, counters]) => [day, keys.map((key) => counters[key] ?? 0)]),
  );
  return JSON.stringify({ keys, days } satisfies PackedDays);
}

function unpackDays(text: string): Record<string, Counters> {
  const { keys, days: byDay } = unpack<PackedDays>(text);
  return Object.fromEntries(
    Object.entries(byDay).map(([day, counts]) => [
      day,
      Object.fromEntries(keys.flatMap((key, index) => (counts[index] ? [[key, counts[index]]] : []))),
    ]),
  );
}

function addInto(into: Counters, from: Counters): void {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
}

const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthOf = (day: string) => day.slice(0, 7);
function lastDayOf(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return dayAt(Date.UTC(year, number, 0));
}
const nextMonth = (month: string) => monthOf(dayAt(Date.parse(`${lastDayOf(month)}T00:00:00Z`) + DAY_MS));

/** The months a span touches, each whole or not. */
function monthsOf(from: string, to: string): { month: string; whole: boolean }[] {
  if (from === TOTAL_DAY) return [];
  const found = [];
  for (let month = monthOf(from); month <= monthOf(to); month = nextMonth(month))
    found.push({ month, whole: from <= `${month}-01` && to >= lastDayOf(month) });
  return found;
}

/** A span's counters: per day where read by day, and the whole months rolled up. */
interface Gathered {
  readonly days: Map<string, Counters>;
  readonly months: { sums: Counters; daily: Record<string, Counters> }[];
}

/** The legacy counter's day and writer, and its key. */
function legacyParts(id: string): { day: string; writer: string; key: string } {
  const [day = '', metric = '', dim = '', writer = '', ...rest] = id.split(SEPARATOR);
  return { day, writer, key: keyText(metric, dim, rest.join(SEPARATOR)) };
}

/**
 * Reads the span `from` to `to`: the open days and old counters first, then the rolled months
 * (`wholeMonths`: a month the span covers as its sums, else as its days).
 */
export async function gather(db: Documents, from: string, to: string, wholeMonths: boolean): Promise<Gathered> {
  const range = { _id: { $gt: `${from}${SEPARATOR}`, $lt: `${to}${AFTER}` } };
  const old = await legacy(db).find(range);
  const open = await days(db).find(range);
  const touched = monthsOf(from, to);
  const whole = touched.filter((month) => wholeMonths && month.whole).map(({ month }) => month);
  const partly = touched.filter((month) => !(wholeMonths && month.whole)).map(({ month }) => month);
  const [sums, partDays] = await Promise.all([
    whole.length > 0 ? months(db).find({ _id: { $in: whole } }) : Promise.resolve([]),
    Promise.all(partly.map((month) => monthDays(db).findOne({ _id: month }))),
  ]);
  const gathered: Gathered = { days: new Map(), months: [] };
  const dayCounters = (day: string) => {
    let counters = gathered.days.get(day);
    if (!counters) gathered.days.set(day, (counters = {}));
    return counters;
  };
  const rolledMonths = new Set<string>();
  for (const doc of sums) {
    rolledMonths.add(doc._id);
    gathered.months.push({ sums: unpack(doc.c), daily: unpack(doc.daily) });
  }
  for (const doc of partDays) {
    if (!doc) continue;
    rolledMonths.add(doc._id);
    for (const [day, counters] of Object.entries(unpackDays(doc.c)))
      if (day >= from && day <= to) addInto(dayCounters(day), counters);
  }
  const isRolled = (day: string) => rolledMonths.has(monthOf(day));
  for (const doc of open) {
    const [day = ''] = doc._id.split(SEPARATOR);
    if (!isRolled(day)) addInto(dayCounters(day), unpack(doc.c));
  }
  const moved = new Set(open.map((doc) => doc._id));
  for (const { _id, n } of old) {
    const { day, writer, key } = legacyParts(_id);
    if (isRolled(day) || moved.has([day, writer].join(SEPARATOR))) continue;
    addInto(dayCounters(day), { [key]: n });
  }
  return gathered;
}

/** Every counter of the gathered days, one count per day and key. */
export function perDay({ days: byDay }: Gathered): ImpactCount[] {
  return [...byDay].flatMap(([day, counters]) =>
    Object.entries(counters).map(([key, n]) => ({ day, ...keyOf(key), n })),
  );
}

const isTotal = (key: string) => keyOf(key).dim === 'all';

/** The gathered span summed, with the metrics' daily totals. */
export function summed({ days: byDay, months: rolled }: Gathered): SpanCounts {
  const sums: Counters = {};
  const daily: ImpactCount[] = [];
  const addDay = (day: string, counters: Counters) => {
    for (const [key, n] of Object.entries(counters)) if (isTotal(key)) daily.push({ day, ...keyOf(key), n });
  };
  for (const { sums: monthSums, daily: monthDaily } of rolled) {
    addInto(sums, monthSums);
    for (const [day, counters] of Object.entries(monthDaily)) addDay(day, counters);
  }
  for (const [day, counters] of byDay) {
    addInto(sums, counters);
    addDay(day, counters);
  }
  return { sums: Object.entries(sums).map(([key, n]): CounterSum => ({ ...keyOf(key), n })), daily };
}

/** Inserts once; answers false when the _id was taken. */
export async function insertedFirst(insert: () => Promise<void>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}

/** Moves the old counters of the days before `before` into days (one per day and writer). */
async function moveLegacy(db: Documents, before: string): Promise<number> {
  const old = await legacy(db).find({ _id: { $lt: before } });
  const grouped = new Map<string, Counters>();
  for (const { _id, n } of old) {
    const { day, writer, key } = legacyParts(_id);
    const id = [day, writer].join(SEPARATOR);
    const counters = grouped.get(id) ?? {};
    grouped.set(id, counters);
    addInto(counters, { [key]: n });
  }
  let moved = 0;
  // A day moved already (by another replica, or a run cut short) keeps what it has.
  for (const [_id, counters] of grouped)
    if (await insertedFirst(() => days(db).insert({ _id, c: JSON.stringify(counters) }))) moved += 1;
  // The documents read, by _id, in batches: FerretDB 1.24 refuses to delete a year's (46,355) in
  // one call ("too many SQL variables").
  for (let start = 0; start < old.length; start += DELETE_BATCH)
    await legacy(db).deleteMany({ _id: { $in: old.slice(start, start + DELETE_BATCH).map(({ _id }) => _id) } });
  return moved;
}

/** Rolls up one month from its open days (all writers), then deletes them. */
async function rollMonth(db: Documents, month: string, open: readonly PackedDoc[]): Promise<boolean> {
  const byDay: Record<string, Counters> = {};
  for (const doc of open) {
    const [day = ''] = doc._id.split(SEPARATOR);
    addInto((byDay[day] ??= {}), unpack(doc.c));
  }
  const sums: Counters = {};
  const daily: Record<string, Counters> = {};
  for (const [day, counters] of Object.entries(byDay)) {
    addInto(sums, counters);
    daily[day] = Object.fromEntries(Object.entries(counters).filter(([key]) => isTotal(key)));
  }
  const wroteDays = await insertedFirst(() => monthDays(db).insert({ _id: month, c: packDays(byDay) }));
  const wroteSums = await insertedFirst(() =>
    months(db).insert({ _id: month, c: JSON.stringify(sums), daily: JSON.stringify(daily) }),
  );
  // Both exist now (written here or by another replica from the same days): the days can go.
  await days(db).deleteMany({ _id: { $gt: `${month}-`, $lt: `${month}.` } });
  return wroteDays || wroteSums;
}

/** See ImpactRepository.rollUp: months ended before yesterday, old counters before yesterday. */
export async function rollUp(db: Documents, today: string): Promise<number> {
  const yesterday = dayAt(Date.parse(`${today}T00:00:00Z`) - DAY_MS);
  let written = await moveLegacy(db, yesterday);
  // A process counts into its day for at most a flush after midnight: a month whose last day is
  // before yesterday gets no more counts.
  const openUntil = monthOf(yesterday);
  const past = await days(db).find({ _id: { $lt: `${openUntil}-` } });
  const byMonth = new Map<string, PackedDoc[]>();
  for (const doc of past) {
    const month = monthOf(doc._id);
    byMonth.set(month, [...(byMonth.get(month) ?? []), doc]);
  }
  for (const [month, open] of byMonth) if (await rollMonth(db, month, open)) written += 1;
  return written;
}
