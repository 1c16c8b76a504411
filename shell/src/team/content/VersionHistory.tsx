import { useState } from 'react';
import type { FieldJson } from '@wpc/shared/content-model';
import { Button } from '@wpc/shared/ui';
import { formatDateTime } from '../format';
import type { EditorVersion } from './api';
import { fieldDiff } from './diff';
import { ACTION_LABELS } from './labels';
import styles from './ContentEditor.module.css';

/** An entry's versions, newest first: who did what when, the fields each changed, and a restore. */
export function VersionHistory({
  fields,
  versions,
  canRestore,
  onRestore,
}: {
  readonly fields: readonly FieldJson[];
  readonly versions: readonly EditorVersion[];
  readonly canRestore: boolean;
  readonly onRestore: (version: number) => void;
}) {
  const [open, setOpen] = useState<number>();
  return (
    <section aria-labelledby="history-heading" className={styles.history}>
      <h3 id="history-heading">History</h3>
      {!canRestore && <p className={styles.help}>Save or discard your changes to restore a version.</p>}
      <ol>
        {versions.map((version, index) => {
          const previous = versions[index + 1];
          const changes = previous ? fieldDiff(fields, previous, version) : [];
          return (
            <li key={version.version}>
              <p>
                <strong>Version {version.version}</strong>: {ACTION_LABELS[version.action]} by {version.by},{' '}
                {formatDateTime(version.at)}
                {previous &&
                  ` · ${changes.length === 0 ? 'no field changed' : `changed: ${changes.map((c) => c.label).join(', ')}`}`}
              </p>
              <div className={styles.tools}>
                {changes.length > 0 && (
                  <Button
                    variant="secondary"
                    aria-expanded={open === version.version}
                    onClick={() => setOpen(open === version.version ? undefined : version.version)}
                  >
                    {open === version.version ? 'Hide' : 'Show'} the changes of version {version.version}
                  </Button>
                )}
                {index > 0 && (
                  <Button variant="secondary" disabled={!canRestore} onClick={() => onRestore(version.version)}>
                    Restore version {version.version}
                  </Button>
                )}
              </div>
              {open === version.version && (
                <dl className={styles.diff}>
                  {changes.map((change) => (
                    <div key={change.field}>
                      <dt>{change.label}</dt>
                      <dd>
                        <del>{change.before}</del> <ins>{change.after}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
