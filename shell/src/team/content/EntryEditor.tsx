import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { slugify, type ContentArea, type ContentTypeJson } from '@wpc/shared/content-model';
import { MARKDOWN_PREVIEW_MAX } from '@wpc/shared/team';
import { Button } from '@wpc/shared/ui';
import { formatDateTime } from '../format';
import { followLink } from '../navigation';
import type { SignedInProps } from '../session';
import { contentApi, ContentApiError, type EditorEntry, type EditorVersion, type EntryReferrer } from './api';
import { fieldDiff, inputId, type FieldChange } from './diff';
import { FieldGroup, type Data } from './FieldInput';
import { failureText, STATUS_LABELS } from './labels';
import { UnpublishDialog } from './UnpublishDialog';
import { VersionHistory } from './VersionHistory';
import styles from './ContentEditor.module.css';

/** How long after the last keystroke a draft saves itself. */
const AUTOSAVE_MS = 3000;

interface Draft {
  readonly slug: string;
  readonly data: Data;
}

/** What the browser keeps of an entry being edited: the draft, and the version it was made on. */
interface LocalDraft extends Draft {
  readonly baseVersion: number;
  readonly keptAt: string;
}

const localKey = (area: ContentArea, id: string) => `wpc:content-draft:${area}/${id}`;

function readLocal(area: ContentArea, id: string): LocalDraft | undefined {
  try {
    const raw = window.localStorage.getItem(localKey(area, id));
    return raw ? (JSON.parse(raw) as LocalDraft) : undefined;
  } catch {
    return undefined;
  }
}

/** Issues as field errors, keyed by path. */
const errorsOf = (issues: readonly { path: string; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));

function Changes({
  changes,
  before,
  after,
}: {
  readonly changes: readonly FieldChange[];
  readonly before: string;
  readonly after: string;
}) {
  if (changes.length === 0) return <p>No field differs.</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{before}</th>
            <th scope="col">{after}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">{change.label}</th>
              <td className={styles.value}>{change.before}</td>
              <td className={styles.value}>{change.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One entry: its form generated from the area's declaration, saved as a draft (by itself a few
 * seconds after typing stops, and kept in the browser until the API has it), previewed by the
 * area, published now or at a time, unpublished, and its history with a restore for each version.
 * A save on a version someone else changed meanwhile shows both versions side by side.
 */
export function EntryEditor({
  area,
  id,
  type: typeOf,
  session,
  onSignedOut,
}: SignedInProps & {
  readonly area: ContentArea;
  readonly id: string;
  readonly type: (name: string) => ContentTypeJson | undefined;
}) {
  const [entry, setEntry] = useState<EditorEntry>();
  const [versions, setVersions] = useState<readonly EditorVersion[]>([]);
  const [draft, setDraftState] = useState<Draft>({ slug: '', data: {} });
  const [baseVersion, setBaseVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [conflict, setConflict] = useState<{ mine: Draft; theirs: EditorEntry }>();
  const [scheduleAt, setScheduleAt] = useState('');
  // The zone the schedule's time is read in: this browser's, named once the page has mounted.
  const [browserZone, setBrowserZone] = useState<string>();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the zone is the browser's, read after mounting
    setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, []);
  const [preview, setPreview] = useState<string>();
  // Who names this entry, while the person is asked whether to unpublish it anyway.
  const [referencedBy, setReferencedBy] = useState<readonly EntryReferrer[]>();
  const saving = useRef(false);
  // What is typed now, for saves that finish after more was typed.
  const draftRef = useRef(draft);
  const setDraft = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  const fail = useCallback(
    (failure: unknown) => {
      if (failure instanceof ContentApiError && failure.status === 409 && failure.referencedBy) {
        setReferencedBy(failure.referencedBy);
        return;
      }
      if (failure instanceof ContentApiError && failure.status === 409 && failure.current) {
        setConflict({ mine: draftRef.current, theirs: failure.current });
        setProblem(failure.message);
        return;
      }
      if (failure instanceof ContentApiError && Object.keys(failure.fields).length > 0)
        setErrors({ ...failure.fields });
      setProblem(failureText(failure, onSignedOut));
    },
    [onSignedOut],
  );
  const reload = useCallback(async () => {
    const answer = await contentApi.open(session, area, id);
    setEntry(answer.entry);
    setVersions(answer.versions);
    return answer.entry;
  }, [session, area, id]);

  // Open the entry; a draft this browser kept (unsaved when a session ended) comes back.
  useEffect(() => {
    let live = true;
    contentApi.open(session, area, id).then(
      ({ entry: opened, versions: history }) => {
        if (!live) return;
        setEntry(opened);
        setVersions(history);
        const kept = readLocal(area, id);
        setBaseVersion(opened.version);
        if (!kept) {
          setDraft(opened.draft);
          return;
        }
        if (kept.baseVersion === opened.version) {
          setDraft({ slug: kept.slug, data: kept.data });
          setDirty(true);
          setMessage(`Your unsaved changes of ${formatDateTime(kept.keptAt)} are back, and are being saved.`);
        } else {
          setDraft(opened.draft);
          setConflict({ mine: { slug: kept.slug, data: kept.data }, theirs: opened });
          setProblem('This entry changed since your unsaved changes were made. Compare both versions and choose.');
        }
      },
      (failure: unknown) => live && fail(failure),
    );
    return () => {
      live = false;
    };
  }, [session, area, id, fail, setDraft]);

  // Every change is kept in this browser until the API has it.
  useEffect(() => {
    if (!dirty) return;
    const kept: LocalDraft = { ...draft, baseVersion, keptAt: new Date().toISOString() };
    window.localStorage.setItem(localKey(area, id), JSON.stringify(kept));
  }, [dirty, draft, baseVersion, area, id]);

  const save = useCallback(
    async (explicit: boolean): Promise<EditorEntry | undefined> => {
      if (saving.current) return undefined;
      saving.current = true;
      const sent = draftRef.current;
      try {
        const { entry: saved } = await contentApi.save(session, area, id, { version: baseVersion, ...sent });
        setEntry(saved);
        setBaseVersion(saved.version);
        // Typing may have gone on while the save was under way: that stays unsaved.
        if (draftRef.current === sent) {
          setDirty(false);
          window.localStorage.removeItem(localKey(area, id));
        }
        if (explicit) {
          setErrors(errorsOf(saved.issues));
          setMessage(
            saved.issues.length > 0
              ? 'Draft saved. Some fields still need attention before it can be published.'
              : 'Draft saved.',
          );
        }
        setProblem(undefined);
        void reload().catch(() => undefined);
        return saved;
      } catch (failure) {
        fail(failure);
        return undefined;
      } finally {
        saving.current = false;
      }
    },
    [session, area, id, baseVersion, fail, reload],
  );

  // Autosave a few seconds after the last change.
  useEffect(() => {
    if (!dirty || conflict) return;
    const timer = setTimeout(() => void save(false), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, draft, conflict, save]);

  const type = entry && typeOf(entry.type);
  const change = (next: Draft) => {
    setDraft(next);
    setDirty(true);
    setMessage(undefined);
  };

  /** Saves what is typed, then does `action` on the version saved. */
  const act = async (action: (version: number) => Promise<{ entry: EditorEntry }>, done: string) => {
    setBusy(true);
    setProblem(undefined);
    setMessage(undefined);
    try {
      const current = dirty ? await save(false) : entry;
      if (!current) return;
      const { entry: changed } = await action(current.version);
      setEntry(changed);
      setBaseVersion(changed.version);
      setDraft(changed.draft);
      setErrors({});
      setMessage(done);
      await reload();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const unpublish = (confirmed: boolean) =>
    act(
      (version) => contentApi.unpublish(session, area, id, version, confirmed),
      'Unpublished. The site no longer shows it within a few seconds.',
    );

  if (!entry || !type) {
    return problem ? (
      <p className={styles.error} role="alert">
        {problem}
      </p>
    ) : (
      <p role="status">Opening the entry…</p>
    );
  }

  const title = draft.data[type.titleField];
  const listHref = `/team/content/${area}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(true);
  };

  return (
    <article className={styles.editor} aria-labelledby="entry-heading">
      <p>
        <a href={listHref} onClick={followLink(listHref)}>
          All {area} content
        </a>
      </p>
      <h2 id="entry-heading">
        {type.label}: {typeof title === 'string' && title ? title : '(untitled)'}
      </h2>
      <p className={styles.meta}>
        {STATUS_LABELS[entry.status]}
        {entry.scheduled && ` for ${formatDateTime(entry.scheduled.at)}`} · version {entry.version} · last change{' '}
        {formatDateTime(entry.updatedAt)} by {entry.updatedBy} ·{' '}
        <span role="status">{dirty ? 'Unsaved changes (kept in this browser)' : 'All changes saved'}</span>
      </p>
      {message && (
        <p className={styles.notice} role="status">
          {message}
        </p>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {Object.keys(errors).length > 0 && (
        <div className={styles.error} role="alert">
          <p>Please check these fields:</p>
          <ul>
            {Object.entries(errors).map(([path, text]) => (
              <li key={path}>
                <a href={`#${inputId(path)}`}>{path}</a>: {text}
              </li>
            ))}
          </ul>
        </div>
      )}

      {conflict && (
        <section className={styles.conflict} aria-labelledby="conflict-heading">
          <h3 id="conflict-heading">Two versions of this entry</h3>
          <p>
            {conflict.theirs.updatedBy} saved this entry at {formatDateTime(conflict.theirs.updatedAt)} (version{' '}
            {conflict.theirs.version}) while you were editing. Nothing is lost: your version is kept until you choose.
          </p>
          <Changes
            changes={fieldDiff(type.fields, conflict.theirs.draft, conflict.mine)}
            before={`Saved by ${conflict.theirs.updatedBy}`}
            after="Yours"
          />
          <div className={styles.tools}>
            <Button
              onClick={() => {
                setEntry(conflict.theirs);
                setBaseVersion(conflict.theirs.version);
                setDraft(conflict.mine);
                setDirty(true);
                setConflict(undefined);
                setProblem(undefined);
                setMessage('Your version replaces theirs when it is saved; theirs stays in the history.');
              }}
            >
              Keep my version
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEntry(conflict.theirs);
                setBaseVersion(conflict.theirs.version);
                setDraft(conflict.theirs.draft);
                setDirty(false);
                window.localStorage.removeItem(localKey(area, id));
                setConflict(undefined);
                setProblem(undefined);
              }}
            >
              Use their version
            </Button>
          </div>
        </section>
      )}

      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={inputId('slug')}>Slug</label>
          <p id={`${inputId('slug')}-help`} className={styles.help}>
            Lower-case words joined by hyphens: the entry’s address or anchor on the site.
          </p>
          <div className={styles.inline}>
            <input
              id={inputId('slug')}
              value={draft.slug}
              required
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={`${inputId('slug')}-help${errors.slug ? ` ${inputId('slug')}-error` : ''}`}
              onChange={(event) => change({ ...draft, slug: event.target.value })}
            />
            <Button
              type="button"
              variant="secondary"
              onClick={() => change({ ...draft, slug: slugify(String(draft.data[type.slugFrom] ?? '')) })}
            >
              Suggest from {type.fields.find((field) => field.name === type.slugFrom)?.label.toLowerCase() ?? 'title'}
            </Button>
          </div>
          {errors.slug && (
            <p id={`${inputId('slug')}-error`} className={styles.fieldError}>
              {errors.slug}
            </p>
          )}
        </div>
        <FieldGroup
          fields={type.fields}
          prefix=""
          data={draft.data}
          onChange={(data) => change({ ...draft, data })}
          errors={errors}
          renderMarkdown={(markdown) =>
            contentApi.markdown(session, area, markdown.slice(0, MARKDOWN_PREVIEW_MAX)).then((answer) => answer.html)
          }
          uploadImage={(field, file) => contentApi.uploadImage(session, area, entry.type, field, file)}
        />
        <div className={styles.tools}>
          <Button type="submit" variant="secondary" disabled={busy || Boolean(conflict)}>
            Save draft
          </Button>
          <Button
            type="button"
            disabled={busy || Boolean(conflict)}
            onClick={() =>
              void act(
                (version) => contentApi.publish(session, area, id, version),
                'Published. The site shows it within a few seconds.',
              )
            }
          >
            Publish now
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy || Boolean(conflict)}
            onClick={() =>
              void (async () => {
                const saved = dirty ? await save(false) : entry;
                if (!saved) return;
                try {
                  setPreview((await contentApi.preview(session, area, id)).path);
                } catch (failure) {
                  fail(failure);
                }
              })()
            }
          >
            Preview
          </Button>
          {entry.published && (
            <Button
              type="button"
              variant="secondary"
              disabled={busy || Boolean(conflict)}
              onClick={() => void unpublish(false)}
            >
              Unpublish
            </Button>
          )}
        </div>
        {preview && (
          <p className={styles.notice}>
            <a href={preview} target="_blank" rel="noopener noreferrer">
              Open the preview of this draft (new tab)
            </a>
          </p>
        )}
        <fieldset className={styles.group}>
          <legend>Publish later</legend>
          <div className={styles.field}>
            <label htmlFor="content-schedule-at">Date and time ({browserZone ?? 'your time zone'})</label>
            <input
              id="content-schedule-at"
              type="datetime-local"
              value={scheduleAt}
              aria-invalid={errors.at ? true : undefined}
              onChange={(event) => setScheduleAt(event.target.value)}
            />
            {errors.at && <p className={styles.fieldError}>{errors.at}</p>}
          </div>
          <Button
            type="button"
            variant="secondary"
            disabled={busy || Boolean(conflict)}
            onClick={() => {
              const at = new Date(scheduleAt);
              if (!scheduleAt || Number.isNaN(at.getTime())) {
                setErrors({ at: 'Choose a date and a time.' });
                return;
              }
              void act(
                (version) => contentApi.schedule(session, area, id, version, at.toISOString()),
                `Scheduled for ${formatDateTime(at.toISOString())}.`,
              );
            }}
          >
            Schedule
          </Button>
          {entry.scheduled && (
            <Button
              type="button"
              variant="secondary"
              disabled={busy || Boolean(conflict)}
              onClick={() =>
                void act(
                  (version) => contentApi.unschedule(session, area, id, version),
                  entry.published
                    ? 'Schedule cancelled. The site keeps showing the published version.'
                    : 'Schedule cancelled. The entry stays a draft.',
                )
              }
            >
              Cancel schedule
            </Button>
          )}
        </fieldset>
      </form>

      <UnpublishDialog
        referencedBy={referencedBy}
        onCancel={() => setReferencedBy(undefined)}
        onConfirm={() => {
          setReferencedBy(undefined);
          void unpublish(true);
        }}
      />
      <VersionHistory
        fields={type.fields}
        versions={versions}
        canRestore={!dirty && !busy && !conflict}
        onRestore={(to) =>
          void act(
            (version) => contentApi.restore(session, area, id, version, to),
            `Version ${to} restored${entry.published ? ' and published' : ' as the draft'}.`,
          )
        }
      />
    </article>
  );
}
