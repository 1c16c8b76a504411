import type { ContentTypeJson } from '@wpc/shared/content-model';
import { Button } from '@wpc/shared/ui';
import { formatDateTime } from '../format';
import { fieldDiff, type FieldChange } from './diff';
import type { EntryConflict as Conflict, EntryEditing } from './use-entry-editor';
import styles from './ContentEditor.module.css';

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

/** Both versions side by side when another editor saved meanwhile: nothing is lost until one is chosen. */
export function EntryConflict({
  conflict,
  type,
  resolve,
}: {
  readonly conflict: Conflict;
  readonly type: ContentTypeJson;
  readonly resolve: EntryEditing['resolve'];
}) {
  const { theirs, mine } = conflict;
  return (
    <section className={styles.conflict} aria-labelledby="conflict-heading">
      <h3 id="conflict-heading">Two versions of this entry</h3>
      <p>
        {theirs.updatedBy} saved this entry at {formatDateTime(theirs.updatedAt)} (version {theirs.version}) while you
        were editing. Nothing is lost: your version is kept until you choose.
      </p>
      <Changes
        changes={fieldDiff(type.fields, theirs.draft, mine)}
        before={`Saved by ${theirs.updatedBy}`}
        after="Yours"
      />
      <div className={styles.tools}>
        <Button onClick={() => resolve(theirs, mine, true)}>Keep my version</Button>
        <Button variant="secondary" onClick={() => resolve(theirs, theirs.draft, false)}>
          Use their version
        </Button>
      </div>
    </section>
  );
}
