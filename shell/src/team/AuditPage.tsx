import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '@wpc/shared/team';
import { Button } from '@wpc/shared/ui';
import { useSearch } from '../location';
import { teamApi, type AuditEntry } from './api';
import { ChoiceField, Pager, ColumnHeads } from './controls';
import { AUDIT_LABELS, formatDateTime, plural } from './format';
import { goTo } from './navigation';
import type { SignedInProps } from './session';
import styles from './TeamConsole.module.css';
import { useConsoleQuery } from './use-console-query';

const PATH = '/team/audit';

function describe(entry: AuditEntry): string {
  const counts = entry.counts
    ? Object.entries(entry.counts)
        .map(([what, count]) => `${what}: ${count}`)
        .join(', ')
    : '';
  return [entry.target, entry.detail, counts].filter(Boolean).join(' · ');
}

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

/** The audit log, for admins: who did what in the console and when, newest first, by action. */
export default function AuditPage({ onSignedOut }: SignedInProps) {
  const search = new URLSearchParams(useSearch());
  const action = isAction(search.get('action') ?? '') ? (search.get('action') as AuditAction) : '';
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const [draft, setDraft] = useState<string>(action);
  const query = new URLSearchParams();
  if (action) query.set('action', action);
  if (page > 1) query.set('page', String(page));
  const key = query.toString();
  const result = useConsoleQuery(key, () => teamApi.audit(key ? `?${key}` : ''), onSignedOut);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    goTo(draft ? `${PATH}?action=${draft}` : PATH);
  };
  const current = result.data;
  const pages = current ? Math.max(1, Math.ceil(current.total / current.pageSize)) : 1;
  const pageHref = (number: number) => {
    const next = new URLSearchParams(query);
    next.set('page', String(number));
    return `${PATH}?${next.toString()}`;
  };

  return (
    <article className="wpc-page">
      <h1>Audit log</h1>
      <p className="wpc-lead">
        Every action in the console: who did what, and when. It names team members, never the people who wrote in.
        {current && ` Entries are kept for ${current.retentionDays} days.`}
      </p>
      <form role="search" aria-label="Filter the audit log" className={styles.filters} onSubmit={apply}>
        <ChoiceField
          id="audit-action"
          label="Action"
          anyLabel="All actions"
          choices={AUDIT_ACTIONS}
          labels={AUDIT_LABELS}
          value={draft}
          onChange={setDraft}
        />
        <div className={styles.actions}>
          <Button type="submit">Show</Button>
        </div>
      </form>
      {result.error && (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      )}
      <p aria-live="polite" className={styles.summary}>
        {current
          ? `${plural(current.total, 'entry', 'entries')} · page ${current.page} of ${pages}`
          : 'Loading the audit log…'}
      </p>
      {current && current.entries.length > 0 && (
        <table className={styles.table}>
          <caption className="wpc-visually-hidden">Audit entries, newest first</caption>
          <ColumnHeads names={['When', 'Who', 'What', 'Details']} />
          <tbody>
            {current.entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="When">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td data-label="Who">{entry.by}</td>
                <td data-label="What">{AUDIT_LABELS[entry.action]}</td>
                <td data-label="Details">{describe(entry) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {current && current.entries.length === 0 && <p>No entries.</p>}
      {current && <Pager page={page} pages={pages} href={pageHref} before="Newer entries" after="Older entries" />}
    </article>
  );
}
