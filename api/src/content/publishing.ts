/**
 * The publishing use-cases (issue 28): what the editor's routes and the public contract do with
 * the content records. Every change names the version it was made on (409 otherwise, with the
 * entry as it is now); publishing checks the draft against the area's declaration as its remote
 * publishes it (models.ts); every change of what an area publishes makes a new revision, which
 * the remotes poll for.
 */
import type { PublishedContent, PublishedEntry } from '@wpc/shared/content-contract';
import { CONTENT_AREAS, type ContentArea, type ContentModelJson, type FieldJson } from '@wpc/shared/content-model';
import type { ContentValidator } from '@wpc/shared/content-model/validate';
import type {
  EditorEntry,
  EditorVersion,
  EntryStatus,
  EntrySummary,
  FieldIssue,
  ReferenceChoice,
} from '@wpc/shared/team/content-schemas';
import { randomBytes } from 'node:crypto';
import { HttpError } from '../http/errors';
import type {
  ContentEntryRepository,
  ContentRevisionRepository,
  EntryChange,
  EntryVersion,
  StoredEntry,
} from '../store';
import { entryContexts, type ContextSource } from './entry-context';
import type { ContentModels } from './models';
import { References } from './references';

export const SEED_AUTHOR = 'seed';
export const REFERENCED =
  'Other published entries name this one: unpublished, it disappears from them. Confirm to unpublish anyway.';
export const CONFLICT =
  'Someone else changed this entry since you opened it. Compare both versions and choose which to keep.';

export interface PublishingDependencies {
  readonly entries: ContentEntryRepository;
  readonly revisions: ContentRevisionRepository;
  readonly models: ContentModels;
  readonly clock: () => Date;
}

const sameContent = (a: { slug: string; data: unknown }, b: { slug: string; data: unknown }) =>
  a.slug === b.slug && JSON.stringify(a.data) === JSON.stringify(b.data);

export function statusOf(entry: StoredEntry): EntryStatus {
  if (entry.scheduled) return 'scheduled';
  if (!entry.published) return 'draft';
  return sameContent(entry.published, entry.draft) ? 'published' : 'changed';
}

export function editorEntry(entry: StoredEntry, issues: readonly FieldIssue[] = []): EditorEntry {
  return {
    area: entry.area,
    id: entry.id,
    type: entry.type,
    version: entry.version,
    status: statusOf(entry),
    draft: { slug: entry.draft.slug, data: { ...entry.draft.data } },
    published: entry.published && {
      slug: entry.published.slug,
      data: { ...entry.published.data },
      publishedAt: entry.published.publishedAt.toISOString(),
      version: entry.published.version,
    },
    scheduled: entry.scheduled && {
      at: entry.scheduled.at.toISOString(),
      version: entry.scheduled.version,
      by: entry.scheduled.by,
    },
    updatedAt: entry.updatedAt.toISOString(),
    updatedBy: entry.updatedBy,
    issues: [...issues],
  };
}

const versionAnswer = (version: EntryVersion): EditorVersion => ({
  version: version.version,
  action: version.action,
  at: version.at.toISOString(),
  by: version.by,
  slug: version.slug,
  data: { ...version.data },
});

/** A 400 naming each field the declaration refuses ("presenters.0.name": why). */
function refused(message: string, issues: readonly FieldIssue[]): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path || 'entry'] ??= issue.message;
  return new HttpError(400, message, { fields });
}

/**
 * How long a look for due schedules stands for this process. Every remote polls every area once a
 * second and each poll asks for due schedules first; without this, four polls a second each read
 * every scheduled entry (on FerretDB's SQLite backend a scan of the collection: 0.9 s at 1,000
 * entries, enough to exhaust the store's slots). A schedule therefore takes effect within this
 * much of its time, well inside the 5 s a change has to be live.
 */
const DUE_CHECK_INTERVAL_MS = 1000;

export class Publishing {
  /** The look for due schedules under way, which callers meanwhile share. */
  private dueRun: Promise<void> | undefined;
  /** When the last look finished (Date.now()), and how far the clock stood from Date.now() then. */
  private dueCheckedAt = Number.NEGATIVE_INFINITY;
  private dueClockSkewMs = 0;

  private readonly references: References;

  constructor(private readonly deps: PublishingDependencies) {
    this.references = new References(deps);
  }

  // ---- The public contract ----

  /**
   * The area's published revision now, scheduled publishes that are due taking effect first: what
   * a remote's poll compares with the one it has before anything else is read (its 304).
   */
  async revision(area: ContentArea): Promise<string> {
    await this.publishDue();
    return this.deps.revisions.current(area);
  }

  /** What the area publishes now: scheduled publishes that are due take effect first. */
  async published(area: ContentArea): Promise<PublishedContent> {
    // The revision before the entries: read the other way round, a publish landing in between
    // would pair new content... with an old revision the remote already has, and be missed.
    const revision = await this.revision(area);
    const entries: PublishedEntry[] = [];
    for (const entry of await this.deps.entries.list(area)) {
      if (!entry.published) continue;
      entries.push({
        type: entry.type,
        id: entry.id,
        slug: entry.published.slug,
        data: { ...entry.published.data },
        publishedAt: entry.published.publishedAt.toISOString(),
        updatedAt: entry.published.updatedAt.toISOString(),
      });
    }
    return { area, revision, entries: await this.references.servable(area, entries) };
  }

  /**
   * Publishes every scheduled entry whose time has come, each once (the version guards it). Callers
   * at the same moment share one look, and a look stands for DUE_CHECK_INTERVAL_MS unless the clock
   * was moved meanwhile (a test's clock, or a fake one that does not follow Date.now()).
   */
  publishDue(): Promise<void> {
    if (this.dueRun) return this.dueRun;
    const skewMs = this.deps.clock().getTime() - Date.now();
    const fresh = Date.now() - this.dueCheckedAt < DUE_CHECK_INTERVAL_MS && Math.abs(skewMs - this.dueClockSkewMs) < 50;
    if (fresh) return Promise.resolve();
    this.dueRun = this.publishDueNow().finally(() => {
      this.dueRun = undefined;
      this.dueCheckedAt = Date.now();
      this.dueClockSkewMs = skewMs;
    });
    return this.dueRun;
  }

  private async publishDueNow(): Promise<void> {
    const now = this.deps.clock();
    const touched = new Set<ContentArea>();
    for (const entry of await this.deps.entries.due(now)) {
      const scheduled = entry.scheduled!;
      const done = await this.deps.entries.update(entry.area, entry.id, entry.version, {
        published: {
          slug: scheduled.slug,
          data: scheduled.data,
          publishedAt: entry.published?.publishedAt ?? scheduled.at,
          updatedAt: scheduled.at,
          version: entry.version + 1,
        },
        scheduled: null,
        action: 'scheduled-publish',
        at: now,
        by: scheduled.by,
      });
      if (!done) continue;
      for (const area of await this.references.affectedAreas(entry.area, entry.type)) touched.add(area);
    }
    for (const area of touched) await this.deps.revisions.bump(area);
  }

  // ---- Seeds ----

  /**
   * Loads the area's seed once: each entry published as version 1 (an entry already there is
   * kept), then the area is marked, so entries the team deleted or changed are never reloaded.
   * Answers whether it loaded now.
   */
  async loadSeed(area: ContentArea): Promise<boolean> {
    if (await this.deps.revisions.seededAt(area)) return false;
    const seed = await this.deps.models.seed(area);
    const now = this.deps.clock();
    for (const entry of seed) {
      const publishedAt = new Date(entry.publishedAt);
      const updatedAt = new Date(entry.updatedAt);
      await this.deps.entries.create(
        {
          area,
          type: entry.type,
          id: entry.id,
          draft: { slug: entry.slug, data: entry.data },
          version: 1,
          published: { slug: entry.slug, data: entry.data, publishedAt, updatedAt, version: 1 },
          scheduled: null,
          createdAt: now,
          createdBy: SEED_AUTHOR,
          updatedAt: now,
          updatedBy: SEED_AUTHOR,
        },
        'seed',
      );
    }
    await this.deps.revisions.bump(area);
    await this.deps.revisions.markSeeded(area, now);
    return true;
  }

  // ---- The editor ----

  async list(area: ContentArea): Promise<{ validator: ContentValidator; entries: EntrySummary[] }> {
    await this.publishDue();
    const validator = await this.deps.models.validator(area);
    const titleField = new Map(validator.model.types.map((type) => [type.name, type.titleField]));
    const stored = await this.deps.entries.list(area);
    const titleOf = (entry: ContextSource) => {
      const title = entry.data[titleField.get(entry.type) ?? ''];
      return typeof title === 'string' && title.trim() ? title : entry.slug || entry.id;
    };
    const sources = stored.map((entry): ContextSource => ({ id: entry.id, type: entry.type, ...entry.draft }));
    const contexts = entryContexts(validator.model, sources, titleOf);
    const entries = stored.map((entry, index): EntrySummary => {
      const check = entry.published ? validator.checkEntry(entry.type, entry.published) : undefined;
      const context = contexts.get(entry.id);
      return {
        id: entry.id,
        type: entry.type,
        slug: entry.draft.slug,
        title: titleOf(sources[index]!),
        status: statusOf(entry),
        version: entry.version,
        updatedAt: entry.updatedAt.toISOString(),
        updatedBy: entry.updatedBy,
        ...(entry.scheduled ? { scheduledAt: entry.scheduled.at.toISOString() } : {}),
        ...(context ? { context } : {}),
        ...(check && !check.ok ? { publishedIssues: [...check.issues] } : {}),
      };
    });
    return { validator, entries };
  }

  /**
   * What each reference field of the area may name: the published entries of its target type
   * (`to`: "<area>/<type>", or a type of the same area), by title. Published only: what another
   * area has not published is neither on the site nor the member's to see.
   */
  async referenceChoices(area: ContentArea, model: ContentModelJson): Promise<Record<string, ReferenceChoice[]>> {
    const targets = new Set<string>();
    const collect = (fields: readonly FieldJson[]) => {
      for (const field of fields) {
        if (field.kind === 'reference') targets.add(field.to.includes('/') ? field.to : `${area}/${field.to}`);
        if (field.kind === 'list') collect(field.of);
      }
    };
    for (const type of model.types) collect(type.fields);
    const choices: Record<string, ReferenceChoice[]> = {};
    for (const target of targets) {
      const [targetArea, typeName] = target.split('/') as [ContentArea, string];
      if (!CONTENT_AREAS.includes(targetArea)) continue;
      const titleField =
        targetArea === area
          ? model.types.find((type) => type.name === typeName)?.titleField
          : (await this.deps.models.validator(targetArea)).model.types.find((type) => type.name === typeName)
              ?.titleField;
      choices[target] = (await this.deps.entries.list(targetArea))
        .filter((entry) => entry.type === typeName && entry.published)
        .map((entry) => {
          const title = entry.published!.data[titleField ?? ''];
          return { id: entry.id, title: typeof title === 'string' && title.trim() ? title : entry.published!.slug };
        })
        .sort((a, b) => a.title.localeCompare(b.title, 'en'));
    }
    return choices;
  }

  async open(area: ContentArea, id: string): Promise<{ entry: EditorEntry; versions: EditorVersion[] }> {
    await this.publishDue();
    const entry = await this.found(area, id);
    return {
      entry: await this.answer(entry),
      versions: (await this.deps.entries.versions(area, id)).map(versionAnswer),
    };
  }

  async create(area: ContentArea, by: string, input: { type: string; slug: string; data: Record<string, unknown> }) {
    const validator = await this.deps.models.validator(area);
    if (!validator.model.types.some((type) => type.name === input.type))
      throw refused('There is no such content type.', [
        { path: 'type', message: 'Choose a content type of this area.' },
      ]);
    await this.checkSlugFree(area, input.type, input.slug, undefined);
    const now = this.deps.clock();
    const entry: StoredEntry = {
      area,
      type: input.type,
      id: randomBytes(9).toString('base64url'),
      draft: { slug: input.slug, data: input.data },
      version: 1,
      published: null,
      scheduled: null,
      createdAt: now,
      createdBy: by,
      updatedAt: now,
      updatedBy: by,
    };
    await this.deps.entries.create(entry, 'create');
    return this.answer(entry);
  }

  /** Saves the draft as typed (what it still lacks is answered, not refused); a colliding slug is refused. */
  async save(
    area: ContentArea,
    id: string,
    by: string,
    input: { version: number; slug: string; data: Record<string, unknown> },
  ) {
    const entry = await this.found(area, id);
    await this.checkSlugFree(area, entry.type, input.slug, id);
    return this.change(entry, input.version, { draft: { slug: input.slug, data: input.data }, action: 'save', by });
  }

  async publish(area: ContentArea, id: string, by: string, version: number) {
    const entry = await this.found(area, id);
    const content = await this.checked(entry, entry.draft, 'The entry cannot be published yet.');
    const now = this.deps.clock();
    const saved = await this.change(entry, version, {
      published: {
        ...content,
        publishedAt: entry.published?.publishedAt ?? now,
        updatedAt: now,
        version: entry.version + 1,
      },
      scheduled: null,
      action: 'publish',
      by,
    });
    // Entries that named it while it was off the site are served whole again.
    for (const affected of await this.references.affectedAreas(area, entry.type))
      await this.deps.revisions.bump(affected);
    return saved;
  }

  async schedule(area: ContentArea, id: string, by: string, version: number, at: Date) {
    const entry = await this.found(area, id);
    if (at.getTime() <= this.deps.clock().getTime())
      throw refused('The time has passed.', [{ path: 'at', message: 'Choose a time in the future.' }]);
    const content = await this.checked(entry, entry.draft, 'The entry cannot be scheduled yet.', at);
    return this.change(entry, version, {
      scheduled: { ...content, at, version: entry.version + 1, by },
      action: 'schedule',
      by,
    });
  }

  /** Cancels a pending schedule; what the site shows (if anything) stays as it is. */
  async unschedule(area: ContentArea, id: string, by: string, version: number) {
    const entry = await this.found(area, id);
    if (!entry.scheduled) throw new HttpError(409, 'The entry is not scheduled.');
    return this.change(entry, version, { scheduled: null, action: 'unschedule', by });
  }

  /**
   * Takes the entry off the site. When published entries name it, the first call answers 409
   * with them (`referencedBy`) and changes nothing; `confirmed` unpublishes anyway, and those
   * entries are served without it (see References.servable).
   */
  async unpublish(area: ContentArea, id: string, by: string, version: number, confirmed = false) {
    const entry = await this.found(area, id);
    if (!entry.published && !entry.scheduled) throw new HttpError(409, 'The entry is not published or scheduled.');
    const referencedBy = entry.published ? await this.references.referrers(area, entry.type, id) : [];
    if (referencedBy.length > 0 && !confirmed && entry.version === version)
      throw new HttpError(409, REFERENCED, { referencedBy });
    const saved = await this.change(entry, version, { published: null, scheduled: null, action: 'unpublish', by });
    // Entries that name it, directly or through another, are served without it from now on.
    if (entry.published)
      for (const affected of await this.references.affectedAreas(area, entry.type))
        await this.deps.revisions.bump(affected);
    return saved;
  }

  /**
   * Brings a version's content back as the draft; an entry on the site shows it at once (a
   * restore is how a bad publish is undone). Content that no longer fits the declaration is refused.
   */
  async restore(area: ContentArea, id: string, by: string, version: number, to: number) {
    const entry = await this.found(area, id);
    const old = (await this.deps.entries.versions(area, id)).find((candidate) => candidate.version === to);
    if (!old) throw new HttpError(404, 'The entry has no such version.');
    const content = { slug: old.slug, data: old.data };
    const now = this.deps.clock();
    if (!entry.published) return this.change(entry, version, { draft: content, action: 'restore', by });
    const checked = await this.checked(entry, content, 'This version no longer fits the content type.');
    const saved = await this.change(entry, version, {
      draft: content,
      published: { ...checked, publishedAt: entry.published.publishedAt, updatedAt: now, version: entry.version + 1 },
      action: 'restore',
      by,
    });
    await this.deps.revisions.bump(area);
    return saved;
  }

  /** The draft as the area's page would show it, for a preview token. */
  async previewOf(area: ContentArea, id: string) {
    const entry = await this.found(area, id);
    return { area, type: entry.type, id: entry.id, slug: entry.draft.slug, data: { ...entry.draft.data } };
  }

  /** The area's declaration as its remote publishes it. */
  validatorOf(area: ContentArea): Promise<ContentValidator> {
    return this.deps.models.validator(area);
  }

  // ---- Helpers ----

  private async found(area: ContentArea, id: string): Promise<StoredEntry> {
    const entry = await this.deps.entries.find(area, id);
    if (!entry) throw new HttpError(404, 'There is no such entry.');
    return entry;
  }

  private async answer(entry: StoredEntry): Promise<EditorEntry> {
    const check = (await this.deps.models.validator(entry.area)).checkEntry(entry.type, entry.draft);
    return editorEntry(entry, check.ok ? [] : check.issues);
  }

  /** The content as published: it fits the declaration and its references name live entries (by `at`, if given). */
  private async checked(entry: StoredEntry, content: { slug: string; data: unknown }, message: string, at?: Date) {
    const validator = await this.deps.models.validator(entry.area);
    const check = validator.checkEntry(entry.type, content);
    if (!check.ok) throw refused(message, check.issues);
    const references = await this.references.issues(entry.area, validator.model, entry.type, check.data, at);
    if (references.length > 0) throw refused(message, references);
    await this.checkSlugFree(entry.area, entry.type, check.slug, entry.id);
    return { slug: check.slug, data: check.data };
  }

  /** A slug names one entry of its type: another entry's draft or published slug is taken. */
  private async checkSlugFree(area: ContentArea, type: string, slug: string, id: string | undefined) {
    if (!slug) return;
    const other = (await this.deps.entries.list(area)).find(
      (entry) =>
        entry.type === type && entry.id !== id && (entry.draft.slug === slug || entry.published?.slug === slug),
    );
    if (other)
      throw refused('The slug is taken.', [
        { path: 'slug', message: `Another entry already uses “${slug}”: choose another slug.` },
      ]);
  }

  /** Applies a change made on `version`; 409 with the entry as it is now when it is not the current one. */
  private async change(entry: StoredEntry, version: number, change: Omit<EntryChange, 'at'>): Promise<EditorEntry> {
    if (entry.version === version) {
      const saved = await this.deps.entries.update(entry.area, entry.id, version, { ...change, at: this.deps.clock() });
      if (saved) return this.answer(saved);
    }
    const latest = await this.deps.entries.find(entry.area, entry.id);
    if (!latest) throw new HttpError(404, 'There is no such entry.');
    throw new HttpError(409, CONFLICT, { current: await this.answer(latest) });
  }
}
