/**
 * References between entries (issue 38 item 3): a reference field names an entry of its declared
 * type ("showcase", or "showcase/session" in another area). Publishing, scheduling and restoring
 * need every reference to name an entry published then; what the remotes are served never holds
 * one that names nothing published (an entry unpublished after a confirmation, say); and
 * unpublishing tells who names the entry first.
 */
import { CONTENT_AREAS, type ContentArea, type ContentModelJson, type FieldJson } from '@wpc/shared/content-model';
import type { PublishedEntry } from '@wpc/shared/content-contract';
import type { EntryReferrer, FieldIssue } from '@wpc/shared/team/content-schemas';
import type { ContentEntryRepository, StoredEntry } from '../store';
import { ModelUnavailableError, type ContentModels } from './models';

interface ReferenceAt {
  /** Dotted within lists: "presenters.0.session". */
  readonly path: readonly string[];
  readonly area: ContentArea;
  readonly type: string;
  readonly id: string;
  readonly optional: boolean;
}

/** "showcase/session" or "session" (the entry's own area) as an area and a type. */
function targetOf(area: ContentArea, to: string): { area: ContentArea; type: string } | undefined {
  const [targetArea, type] = to.includes('/') ? (to.split('/') as [ContentArea, string]) : [area, to];
  return CONTENT_AREAS.includes(targetArea) ? { area: targetArea, type } : undefined;
}

function referencesIn(
  area: ContentArea,
  fields: readonly FieldJson[],
  data: Readonly<Record<string, unknown>>,
  prefix: readonly string[] = [],
): ReferenceAt[] {
  const found: ReferenceAt[] = [];
  for (const field of fields) {
    const value = data[field.name];
    if (field.kind === 'reference' && typeof value === 'string') {
      const target = targetOf(area, field.to);
      // A target outside every area can name nothing published.
      found.push({
        path: [...prefix, field.name],
        area: target?.area ?? area,
        type: target?.type ?? '',
        id: value,
        optional: field.optional === true,
      });
    }
    if (field.kind === 'list' && Array.isArray(value))
      value.forEach((item, index) => {
        if (item && typeof item === 'object')
          found.push(
            ...referencesIn(area, field.of, item as Record<string, unknown>, [...prefix, field.name, String(index)]),
          );
      });
  }
  return found;
}

/** Whether a model has a reference field, at any depth, naming `area/type`. */
function refersTo(model: ContentModelJson, area: ContentArea, type: string): boolean {
  const walk = (fields: readonly FieldJson[]): boolean =>
    fields.some((field) => {
      if (field.kind === 'list') return walk(field.of);
      if (field.kind !== 'reference') return false;
      const target = targetOf(model.area, field.to);
      return target?.area === area && target.type === type;
    });
  return model.types.some((candidate) => walk(candidate.fields));
}

/** The data without the reference at `path`. */
function without(data: Record<string, unknown>, path: readonly string[]): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    const { [head]: _dropped, ...kept } = data;
    return kept;
  }
  const list = [...(data[head] as Record<string, unknown>[])];
  const [index, ...inner] = rest as [string, ...string[]];
  list[Number(index)] = without(list[Number(index)]!, inner);
  return { ...data, [head]: list };
}

/** Which entries are on the site: published, and whatever they need (required references) on the site too. */
type Liveness = (area: ContentArea, type: string, id: string) => Promise<boolean>;

export class References {
  constructor(private readonly deps: { entries: ContentEntryRepository; models: ContentModels }) {}

  /**
   * What an entry's references lack: each must name an entry of its declared type that is on the
   * site, or (for a publish at `at`) scheduled to be published by then.
   */
  async issues(
    area: ContentArea,
    model: ContentModelJson,
    type: string,
    data: Readonly<Record<string, unknown>>,
    at?: Date,
  ): Promise<FieldIssue[]> {
    const fields = model.types.find((candidate) => candidate.name === type)?.fields ?? [];
    const { live, list } = this.liveness();
    const issues: FieldIssue[] = [];
    for (const reference of referencesIn(area, fields, data)) {
      if (await live(reference.area, reference.type, reference.id)) continue;
      const target = (await list(reference.area)).find(
        (entry) => entry.id === reference.id && entry.type === reference.type,
      );
      if (at && target?.scheduled && target.scheduled.at.getTime() <= at.getTime()) continue;
      const targetModel = reference.area === area ? model : await this.modelOf(reference.area);
      const label = (
        targetModel?.types.find((candidate) => candidate.name === reference.type)?.label ?? 'entry'
      ).toLowerCase();
      issues.push({
        path: reference.path.join('.'),
        message: at
          ? `Choose a ${label} that is published, or scheduled by then: this one is not.`
          : `Choose a published ${label}: this one is not published, or is not a ${label}.`,
      });
    }
    return issues;
  }

  /**
   * The entries as the remotes may be served them: an optional reference to an entry not on the
   * site is left out, and an entry whose required reference names one is left out whole (its
   * page could not be placed, and the remote would refuse it anyway).
   */
  async servable(area: ContentArea, entries: readonly PublishedEntry[]): Promise<PublishedEntry[]> {
    if (entries.length === 0) return [];
    const { model } = await this.deps.models.validator(area);
    const { live } = this.liveness();
    const served: PublishedEntry[] = [];
    for (const entry of entries) {
      const fields = model.types.find((candidate) => candidate.name === entry.type)?.fields ?? [];
      let data: Record<string, unknown> = entry.data;
      let whole = true;
      for (const reference of referencesIn(area, fields, entry.data)) {
        if (await live(reference.area, reference.type, reference.id)) continue;
        if (!reference.optional) whole = false;
        else data = without(data, reference.path);
      }
      if (whole) served.push(data === entry.data ? entry : { ...entry, data });
    }
    return served;
  }

  /**
   * The published entries, in every area whose model can name it, that name this entry. An area
   * whose model was never read is passed over: what it is served is checked when it is read.
   */
  async referrers(area: ContentArea, type: string, id: string): Promise<EntryReferrer[]> {
    const found: EntryReferrer[] = [];
    for (const candidateArea of CONTENT_AREAS) {
      const model = await this.modelOf(candidateArea);
      if (!model || !refersTo(model, area, type)) continue;
      for (const entry of await this.deps.entries.list(candidateArea)) {
        if (!entry.published) continue;
        const declared = model.types.find((candidate) => candidate.name === entry.type);
        const named = referencesIn(candidateArea, declared?.fields ?? [], entry.published.data).some(
          (reference) => reference.area === area && reference.type === type && reference.id === id,
        );
        if (!named) continue;
        const title = entry.published.data[declared?.titleField ?? ''];
        found.push({
          area: candidateArea,
          type: entry.type,
          id: entry.id,
          title: typeof title === 'string' && title.trim() ? title : entry.published.slug,
        });
      }
    }
    return found;
  }

  /**
   * The areas whose served content may change when an entry of `area/type` comes on or off the
   * site: its own, and those whose types name it, directly or through another reference. From
   * the models alone, so a publish reads no other area's entries.
   */
  async affectedAreas(area: ContentArea, type: string): Promise<Set<ContentArea>> {
    const models = (await Promise.all(CONTENT_AREAS.map((candidate) => this.modelOf(candidate)))).filter(
      (model): model is ContentModelJson => model !== undefined,
    );
    const areas = new Set<ContentArea>([area]);
    const pending = [{ area, type }];
    const seen = new Set([`${area}/${type}`]);
    for (let next = pending.pop(); next; next = pending.pop()) {
      for (const model of models)
        for (const candidate of model.types) {
          const key = `${model.area}/${candidate.name}`;
          if (seen.has(key) || !refersTo({ ...model, types: [candidate] }, next.area, next.type)) continue;
          seen.add(key);
          areas.add(model.area);
          pending.push({ area: model.area, type: candidate.name });
        }
    }
    return areas;
  }

  private async modelOf(area: ContentArea): Promise<ContentModelJson | undefined> {
    try {
      return (await this.deps.models.validator(area)).model;
    } catch (error) {
      if (error instanceof ModelUnavailableError) return undefined;
      throw error;
    }
  }

  /** Each area's entries read at most once, and each entry judged once, per use. */
  private liveness(): { live: Liveness; list: (area: ContentArea) => Promise<readonly StoredEntry[]> } {
    const read = new Map<ContentArea, Promise<readonly StoredEntry[]>>();
    const list = (area: ContentArea) => {
      if (!read.has(area)) read.set(area, this.deps.entries.list(area));
      return read.get(area)!;
    };
    const judged = new Map<string, boolean>();
    const judging = new Set<string>();
    const live: Liveness = async (area, type, id) => {
      const key = `${area}/${type}/${id}`;
      // A cycle of required references (a showcase naming a session naming it) holds itself up.
      if (judging.has(key)) return true;
      const known = judged.get(key);
      if (known !== undefined) return known;
      judging.add(key);
      const target = (await list(area)).find((entry) => entry.id === id && entry.type === type);
      let result = Boolean(target?.published);
      if (target?.published) {
        const fields = (await this.modelOf(area))?.types.find((candidate) => candidate.name === type)?.fields ?? [];
        for (const reference of referencesIn(area, fields, target.published.data))
          if (!reference.optional && !(await live(reference.area, reference.type, reference.id))) result = false;
      }
      judging.delete(key);
      judged.set(key, result);
      return result;
    };
    return { live, list };
  }
}
