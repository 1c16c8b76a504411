import type { FormEvent } from 'react';
import type { ContentArea, ContentTypeJson } from '@wpc/shared/content-model';
import { formatDateTime } from '../format';
import { followLink } from '../navigation';
import type { SignedInProps } from '../session';
import { contentApi, type EditorEntry, type EditorVersion } from './api';
import { inputId } from './diff';
import { EntryActions } from './EntryActions';
import { EntryConflict } from './EntryConflict';
import { EntryFields } from './EntryFields';
import { STATUS_LABELS } from './labels';
import { useEntryEditor, type EntryEditing } from './use-entry-editor';
import { VersionHistory } from './VersionHistory';
import styles from './ContentEditor.module.css';

/** Whether the site ever showed the entry: then its slug is an address someone may have kept. */
const everPublished = (entry: EditorEntry, versions: readonly EditorVersion[]) =>
  entry.published !== null ||
  versions.some(({ action }) => action === 'publish' || action === 'scheduled-publish' || action === 'seed');

/** Where the entry stands, and what the last save or action said. */
function EntryStatus({ entry, editing }: { readonly entry: EditorEntry; readonly editing: EntryEditing }) {
  const { dirty, message, problem, errors } = editing;
  return (
    <>
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
    </>
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
  const editing = useEntryEditor({ area, id, session, onSignedOut });
  const { entry, versions, draft, errors, problem, conflict, dirty, busy, change, act, save, resolve } = editing;
  const type = entry && typeOf(entry.type);

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
      <EntryStatus entry={entry} editing={editing} />
      {conflict && <EntryConflict conflict={conflict} type={type} resolve={resolve} />}
      <form className={styles.form} onSubmit={submit} noValidate>
        <EntryFields
          area={area}
          session={session}
          type={type}
          published={everPublished(entry, versions)}
          draft={draft}
          errors={errors}
          change={change}
        />
        <EntryActions area={area} id={id} session={session} entry={entry} editing={editing} />
      </form>
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
