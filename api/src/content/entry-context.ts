/**
 * What tells entries of one title apart in the editor's list (issue 38 item 9): four sessions
 * are all titled "Wildfire Prevention Consortium", one per showcase. An entry's context is the
 * title of the entry its first reference names (a session's showcase) and its day: its own first
 * date field, or else the day of the entry it references (a session is on its showcase's day).
 * Read from the area's declaration, so a new type with a date or a reference gets it too.
 */
import type { ContentModelJson, ContentTypeJson } from '@wpc/shared/content-model';
import type { EntryContext } from '@wpc/shared/team/content-schemas';

/** An entry as the list reads it: its draft. */
export interface ContextSource {
  readonly id: string;
  readonly type: string;
  readonly slug: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** YYYY-MM-DD of an instant on the wall calendar of `timeZone` (en-CA writes days that way). */
function dayIn(at: string, timeZone: string): string | undefined {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return undefined;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      instant,
    );
  } catch {
    return undefined;
  }
}

/** The entry's own day: its first date field, or its first date-and-time field's day where it is held. */
function ownDay(type: ContentTypeJson, data: ContextSource['data']): string | undefined {
  for (const field of type.fields) {
    const value = data[field.name];
    if (field.kind === 'date' && typeof value === 'string' && value) return value;
    if (field.kind === 'dateTime' && value && typeof value === 'object') {
      const { at, timeZone } = value as { at?: unknown; timeZone?: unknown };
      if (typeof at === 'string' && typeof timeZone === 'string') return dayIn(at, timeZone);
    }
  }
  return undefined;
}

/** The entry of this area its first reference names, if that entry is in the list. */
function referenced(
  type: ContentTypeJson,
  source: ContextSource,
  area: string,
  byId: ReadonlyMap<string, ContextSource>,
): ContextSource | undefined {
  const field = type.fields.find(
    (candidate) =>
      candidate.kind === 'reference' && (!candidate.to.includes('/') || candidate.to.startsWith(`${area}/`)),
  );
  const target = field && source.data[field.name];
  return typeof target === 'string' ? byId.get(target) : undefined;
}

/** Each entry's context by id; entries with none are left out. */
export function entryContexts(
  model: ContentModelJson,
  entries: readonly ContextSource[],
  titleOf: (entry: ContextSource) => string,
): Map<string, EntryContext> {
  const types = new Map(model.types.map((type) => [type.name, type]));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const contexts = new Map<string, EntryContext>();
  for (const entry of entries) {
    const type = types.get(entry.type);
    if (!type) continue;
    const parent = referenced(type, entry, model.area, byId);
    const parentType = parent && types.get(parent.type);
    const day = ownDay(type, entry.data) ?? (parent && parentType ? ownDay(parentType, parent.data) : undefined);
    const context = { ...(parent ? { of: titleOf(parent) } : {}), ...(day ? { day } : {}) };
    if (context.of !== undefined || context.day !== undefined) contexts.set(entry.id, context);
  }
  return contexts;
}
