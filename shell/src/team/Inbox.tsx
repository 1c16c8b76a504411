import { useState, type FormEvent } from 'react';
import { ENDPOINT_KINDS, type EndpointKind } from '@wpc/shared/form-definitions';
import { Button, buttonClassName } from '@wpc/shared/ui';
import { useSearch } from '../location';
import { exportUrl, STATUS_LABELS, STATUSES, teamApi, type InboxPage } from './api';
import { ChoiceField, Pager, ColumnHeads } from './controls';
import { EraseDialog } from './EraseDialog';
import { formatDateTime, formatTime, KIND_LABELS, plural } from './format';
import { followLink, goTo } from './navigation';
import { useFresh, type SignedInProps } from './session';
import styles from './TeamConsole.module.css';
import { useConsoleQuery } from './use-console-query';

/** The filters the inbox keeps in its address (so a reload, a bookmark or Back keeps them). */
const FILTERS = ['form', 'status', 'from', 'to', 'q'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const NO_FILTERS: Filters = { form: '', status: '', from: '', to: '', q: '' };

function filtersOf(search: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? ''])) as Filters;
}

function queryOf(filters: Filters, page = 1): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTERS) if (filters[name].trim()) query.set(name, filters[name].trim());
  if (page > 1) query.set('page', String(page));
  return query;
}

const withQuery = (path: string, query: URLSearchParams) => (query.size > 0 ? `${path}?${query.toString()}` : path);

/** The filter form; keyed by the address, so it shows the filters in force after every navigation. */
function FilterForm({ initial }: { readonly initial: Filters }) {
  const [draft, setDraft] = useState<Filters>(initial);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    goTo(withQuery('/team', queryOf(draft)));
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    goTo('/team');
  };
  return (
    <form role="search" aria-label="Filter submissions" className={styles.filters} onSubmit={apply}>
      <ChoiceField
        id="inbox-form"
        label="Kind"
        anyLabel="All kinds"
        choices={ENDPOINT_KINDS}
        labels={KIND_LABELS}
        value={draft.form}
        onChange={(form) => setDraft({ ...draft, form })}
      />
      <ChoiceField
        id="inbox-status"
        label="Status"
        anyLabel="Any status"
        choices={STATUSES}
        labels={STATUS_LABELS}
        value={draft.status}
        onChange={(status) => setDraft({ ...draft, status })}
      />
      <div className={styles.field}>
        <label htmlFor="inbox-from">Received from</label>
        <input
          id="inbox-from"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="inbox-to">Received until</label>
        <input
          id="inbox-to"
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </div>
      <div className={`${styles.field} ${styles.wide}`}>
        <label htmlFor="inbox-q">Name, email or organisation</label>
        <input
          id="inbox-q"
          type="search"
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}

/** How many submissions of each kind the filters find, each a link to that kind alone. */
function KindCounts({ counts, applied }: { readonly counts: InboxPage['counts']; readonly applied: Filters }) {
  return (
    <section aria-labelledby="inbox-counts" className={styles.counts}>
      <h2 id="inbox-counts">Per kind</h2>
      <ul className={styles.linkRow}>
        {ENDPOINT_KINDS.map((kind: EndpointKind) => {
          const href = withQuery('/team', queryOf({ ...applied, form: kind }));
          return (
            <li key={kind}>
              <a href={href} onClick={followLink(href)} aria-current={applied.form === kind ? 'true' : undefined}>
                {KIND_LABELS[kind]}: {counts[kind]}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The page's submissions, newest first; on a phone each row is a card. */
function InboxTable({ rows }: { readonly rows: InboxPage['rows'] }) {
  return (
    <table className={styles.table}>
      <caption className="wpc-visually-hidden">Submissions, newest first</caption>
      <ColumnHeads names={['Kind', 'Received', 'Name', 'Organisation', 'Email', 'Status']} />
      <tbody>
        {rows.map((row) => {
          const href = `/team/submissions/${row.id}`;
          return (
            <tr key={row.id}>
              <td data-label="Kind">{KIND_LABELS[row.form]}</td>
              <td data-label="Received">{formatDateTime(row.receivedAt)}</td>
              <td data-label="Name">
                <a href={href} onClick={followLink(href)}>
                  {row.name || '(no name)'}
                </a>
              </td>
              <td data-label="Organisation">{row.organization || '—'}</td>
              <td data-label="Email">{row.email}</td>
              <td data-label="Status">{STATUS_LABELS[row.status]}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Inbox({ session, onSignedOut }: SignedInProps) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const applied = filtersOf(params);
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [erasing, setErasing] = useState(false);
  const [notice, setNotice] = useState('');
  const [reloads, setReloads] = useState(0);
  const [toolsOpen, setToolsOpen] = useState(false);
  const fresh = useFresh(session);
  const queryString = queryOf(applied, page).toString();
  const result = useConsoleQuery(
    `${queryString}#${reloads}`,
    () => teamApi.inbox(queryString ? `?${queryString}` : ''),
    onSignedOut,
  );
  const { loading } = result;
  const inbox = result.latest;
  const pages = inbox ? Math.max(1, Math.ceil(inbox.total / inbox.pageSize)) : 1;
  const filterQuery = queryOf(applied);
  const active = FILTERS.filter((name) => applied[name].trim()).length;
  const pageHref = (number: number) => withQuery('/team', queryOf(applied, number));
  const askForLink = async () => {
    try {
      await teamApi.requestLink(session.email);
      setNotice(
        `A new sign-in link is on its way to ${session.email}. Use it, then export or erase within 15 minutes.`,
      );
    } catch (failure) {
      setNotice(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <article className="wpc-page">
      <h1>Team inbox</h1>
      <p className="wpc-lead">Every form submission, newest first.</p>
      {inbox?.mail && <MailStatus mail={inbox.mail} />}

      <button
        type="button"
        className={styles.foldToggle}
        aria-expanded={toolsOpen}
        aria-controls="inbox-tools"
        onClick={() => setToolsOpen((open) => !open)}
      >
        Filters and tools{active > 0 ? ` (${plural(active, 'filter')} on)` : ''}
      </button>
      {/* On a phone the list comes first: the filters, counts and tools fold away behind the button above. */}
      <div id="inbox-tools" className={styles.fold} data-open={toolsOpen}>
        <FilterForm key={search} initial={applied} />

        {inbox && <KindCounts counts={inbox.counts} applied={applied} />}

        {fresh ? (
          <div className={styles.tools}>
            <a className={buttonClassName('secondary')} href={exportUrl(filterQuery, 'csv')} download>
              Export as CSV
            </a>
            <a className={buttonClassName('secondary')} href={exportUrl(filterQuery, 'xlsx')} download>
              Export as Excel
            </a>
            <Button variant="secondary" onClick={() => setErasing(true)}>
              Erase a person…
            </Button>
          </div>
        ) : (
          <div className={styles.tools}>
            <p>Exports and erasure need a fresh sign-in, within 15 minutes of using a link.</p>
            <Button variant="secondary" onClick={() => void askForLink()}>
              Email me a new link
            </Button>
          </div>
        )}
      </div>
      <p role="status" className={styles.notice}>
        {notice}
      </p>

      {result.error && (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      )}
      <p aria-live="polite" className={styles.summary}>
        {loading
          ? 'Loading submissions…'
          : inbox
            ? `${plural(inbox.total, 'submission')} · page ${inbox.page} of ${pages}`
            : ''}
      </p>
      {inbox && inbox.rows.length > 0 && <InboxTable rows={inbox.rows} />}
      {inbox && inbox.rows.length === 0 && <p>No submissions match these filters.</p>}
      {inbox && <Pager page={page} pages={pages} href={pageHref} before="Previous page" after="Next page" />}
      <EraseDialog
        open={erasing}
        session={session}
        onClose={() => setErasing(false)}
        onErased={(message) => {
          setErasing(false);
          setNotice(message);
          setReloads((count) => count + 1);
        }}
        onSignedOut={onSignedOut}
      />
    </article>
  );
}

/**
 * How the emails of submissions to the team are doing, shown only while some wait or were given
 * up: the team then knows to read the inbox rather than wait for the email.
 */
function MailStatus({ mail }: { mail: NonNullable<InboxPage['mail']> }) {
  if (mail.pending === 0 && mail.failed === 0) return null;
  const waiting =
    mail.pending === 0
      ? ''
      : mail.nextAttemptAt
        ? `${plural(mail.pending, 'email')} waiting: the mail server cannot be reached, next attempt at ${formatTime(mail.nextAttemptAt)}.`
        : `${plural(mail.pending, 'email')} being sent.`;
  const failed =
    mail.failed === 0 ? '' : `${plural(mail.failed, 'email')} could not be delivered: read those submissions here.`;
  return (
    <p role="status" className={styles.mailStatus}>
      <strong>Email to the team:</strong> {[waiting, failed].filter(Boolean).join(' ')}
    </p>
  );
}
