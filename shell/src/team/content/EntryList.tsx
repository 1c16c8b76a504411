import { useMemo, useState } from 'react';
import type { ContentArea } from '@wpc/shared/content-model';
import { Button } from '@wpc/shared/ui';
import { formatDateTime, formatDay } from '../format';
import { followLink, goTo } from '../navigation';
import type { SignedInProps } from '../session';
import { contentApi, type EntrySummary } from './api';
import { STATUS_LABELS, failureText } from './labels';
import { useAreaContent } from './use-area-content';
import styles from './ContentEditor.module.css';
import { ColumnHeads } from '../controls';

/** One entry of the list, with what tells it from others of its title: whose it is and its day. */
function EntryRow({
  area,
  entry,
  typeLabel,
}: {
  readonly area: ContentArea;
  readonly entry: EntrySummary;
  readonly typeLabel: string;
}) {
  const href = `/team/content/${area}/${entry.id}`;
  const context = [entry.context?.of, entry.context?.day && formatDay(entry.context.day)].filter(Boolean);
  return (
    <tr>
      <td>
        <a href={href} onClick={followLink(href)}>
          {entry.title || '(untitled)'}
        </a>
        {context.length > 0 && <p className={styles.help}>{context.join(' · ')}</p>}
        {entry.publishedIssues && (
          <p className={styles.fieldError}>
            The published version no longer fits its content type:{' '}
            {entry.publishedIssues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}
          </p>
        )}
      </td>
      <td>{typeLabel}</td>
      <td>
        {STATUS_LABELS[entry.status]}
        {entry.scheduledAt && ` for ${formatDateTime(entry.scheduledAt)}`}
      </td>
      <td>
        {formatDateTime(entry.updatedAt)} by {entry.updatedBy}
      </td>
    </tr>
  );
}

/** An area's entries, searchable, with a button per content type to start a new one. */
export function EntryList({ area, session, onSignedOut }: SignedInProps & { readonly area: ContentArea }) {
  const { content, error, setError } = useAreaContent({ session, onSignedOut }, area);
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [creating, setCreating] = useState(false);

  const shown = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (content?.entries ?? []).filter(
      (entry) =>
        (!type || entry.type === type) &&
        words.every((word) => `${entry.title} ${entry.slug}`.toLowerCase().includes(word)),
    );
  }, [content, query, type]);

  const create = async (typeName: string) => {
    setCreating(true);
    try {
      const { entry } = await contentApi.create(session, area, { type: typeName, slug: '', data: {} });
      goTo(`/team/content/${area}/${entry.id}`);
    } catch (failure) {
      setError(failureText(failure, onSignedOut));
      setCreating(false);
    }
  };

  if (error)
    return (
      <p className={styles.error} role="alert">
        {error}
      </p>
    );
  if (!content) return <p role="status">Loading the {area} area’s content…</p>;
  const typeLabel = new Map(content.model.types.map((candidate) => [candidate.name, candidate.label]));

  return (
    <section aria-labelledby="content-list-heading">
      <h2 id="content-list-heading">Content of the {area} area</h2>
      <div className={styles.tools}>
        {content.model.types.map((candidate) => (
          <Button
            key={candidate.name}
            variant="secondary"
            disabled={creating}
            onClick={() => void create(candidate.name)}
          >
            New {candidate.label.toLowerCase()}
          </Button>
        ))}
      </div>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="content-search">Search titles and slugs</label>
          <input id="content-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        {content.model.types.length > 1 && (
          <div className={styles.field}>
            <label htmlFor="content-type">Type</label>
            <select id="content-type" value={type} onChange={(event) => setType(event.target.value)}>
              <option value="">All types</option>
              {content.model.types.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.plural}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p role="status">
        {shown.length} of {content.entries.length} entries
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <ColumnHeads names={['Title', 'Type', 'Status', 'Last change']} />
          <tbody>
            {shown.map((entry) => (
              <EntryRow key={entry.id} area={area} entry={entry} typeLabel={typeLabel.get(entry.type) ?? entry.type} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
