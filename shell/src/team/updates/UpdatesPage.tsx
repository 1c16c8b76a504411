import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { DELIVERY_COUNTS, LIST_NAMES, UPDATE_LISTS, type UpdateListId } from '@wpc/shared/updates';
import type {
  ReleaseChoice,
  SubscribersAnswer,
  UpdatePreview,
  UpdatesAnswer,
  UpdateView,
} from '@wpc/shared/updates/schemas';
import { Button, buttonClassName } from '@wpc/shared/ui';
import { TeamApiError } from '../api';
import { formatDateTime } from '../format';
import { SESSION_ENDED, type SignedInProps } from '../session';
import styles from '../TeamConsole.module.css';
import { subscribersExportUrl, updatesApi, type UpdateAction } from './api';
import own from './UpdatesPage.module.css';

const STATE_LABELS: Readonly<Record<UpdateView['state'], string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

interface Draft {
  readonly subject: string;
  readonly body: string;
  readonly list: UpdateListId;
}
const EMPTY: Draft = { subject: '', body: '', list: 'scorecard' };
const sameDraft = (a: Draft, b: Draft) => a.subject === b.subject && a.body === b.body && a.list === b.list;

type Outcome = { readonly ok: boolean; readonly text: string; readonly fields?: Readonly<Record<string, string>> };

/** What the last action answered: done, or what went wrong and where. */
function OutcomeLine({ outcome }: { readonly outcome: Outcome | undefined }) {
  return (
    <div aria-live="polite">
      {outcome && (
        <p className={outcome.ok ? styles.notice : styles.error} role={outcome.ok ? undefined : 'alert'}>
          {outcome.text}
          {outcome.fields && Object.values(outcome.fields).length > 0 && ` ${Object.values(outcome.fields).join(' ')}`}
        </p>
      )}
    </div>
  );
}

/** The update being written: subject, list and Markdown message, with preview, test, send and schedule. */
function ComposeForm({
  draft,
  onChange,
  busy,
  fieldErrors,
  onPreview,
  onTest,
  onSend,
}: {
  readonly draft: Draft;
  readonly onChange: (draft: Draft) => void;
  readonly busy: boolean;
  readonly fieldErrors: Outcome['fields'];
  readonly onPreview: (event: FormEvent<HTMLFormElement>) => void;
  readonly onTest: () => void;
  readonly onSend: (at?: string) => void;
}) {
  const [scheduleAt, setScheduleAt] = useState('');
  return (
    <form className={styles.review} onSubmit={onPreview} noValidate>
      <label className={styles.field}>
        Subject
        <input
          value={draft.subject}
          maxLength={200}
          required
          aria-invalid={fieldErrors?.subject ? true : undefined}
          onChange={(event) => onChange({ ...draft, subject: event.target.value })}
        />
      </label>
      <label className={styles.field}>
        List
        <select
          value={draft.list}
          onChange={(event) => onChange({ ...draft, list: event.target.value as UpdateListId })}
        >
          {UPDATE_LISTS.map((list) => (
            <option key={list} value={list}>
              {LIST_NAMES[list]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Message (Markdown: **bold**, *italic*, [a link](https://example.org), lists with -)
        <textarea
          value={draft.body}
          rows={12}
          required
          aria-invalid={fieldErrors?.body ? true : undefined}
          onChange={(event) => onChange({ ...draft, body: event.target.value })}
        />
      </label>
      <div className={styles.tools}>
        <Button type="submit" variant="secondary" disabled={busy}>
          Preview
        </Button>
        <Button onClick={onTest} variant="secondary" disabled={busy}>
          Send a test to me
        </Button>
        <Button onClick={() => onSend()} disabled={busy}>
          Send now
        </Button>
      </div>
      <div className={styles.tools}>
        <label className={styles.field}>
          Send later, at
          <input type="datetime-local" value={scheduleAt} onChange={(event) => setScheduleAt(event.target.value)} />
        </label>
        <Button onClick={() => onSend(scheduleAt)} variant="secondary" disabled={busy || !scheduleAt}>
          Schedule
        </Button>
      </div>
    </form>
  );
}

/** Every update, its state and delivery counts, and what can be done with it now. */
function UpdatesTable({
  updates,
  busy,
  onOpen,
  onAct,
}: {
  readonly updates: readonly UpdateView[];
  readonly busy: boolean;
  readonly onOpen: (update: UpdateView) => void;
  readonly onAct: (id: string, action: UpdateAction) => void;
}) {
  return (
    <div className={styles.table}>
      <table>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">List</th>
            <th scope="col">State</th>
            {DELIVERY_COUNTS.map((name) => (
              <th scope="col" key={name}>
                {name[0]!.toUpperCase() + name.slice(1)}
              </th>
            ))}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {updates.map((update) => (
            <tr key={update.id}>
              <td>{update.webVersion ? <a href={update.webVersion}>{update.subject}</a> : update.subject}</td>
              <td>{LIST_NAMES[update.list]}</td>
              <td>
                {STATE_LABELS[update.state]}
                {update.scheduledAt && update.state === 'scheduled' && ` (${formatDateTime(update.scheduledAt)})`}
                {update.withdrawnAt && ', withdrawn from the archive'}
              </td>
              {DELIVERY_COUNTS.map((name) => (
                <td key={name}>{update.counts[name]}</td>
              ))}
              <td>
                <div className={styles.tools}>
                  {update.state === 'draft' && (
                    <Button variant="secondary" onClick={() => onOpen(update)}>
                      Edit
                    </Button>
                  )}
                  {update.state === 'sending' && (
                    <Button variant="secondary" disabled={busy} onClick={() => onAct(update.id, 'pause')}>
                      Pause
                    </Button>
                  )}
                  {update.state === 'paused' && (
                    <Button variant="secondary" disabled={busy} onClick={() => onAct(update.id, 'resume')}>
                      Resume
                    </Button>
                  )}
                  {['scheduled', 'sending', 'paused'].includes(update.state) && (
                    <Button variant="secondary" disabled={busy} onClick={() => onAct(update.id, 'cancel')}>
                      Cancel
                    </Button>
                  )}
                  {update.webVersion && (
                    <Button variant="secondary" disabled={busy} onClick={() => onAct(update.id, 'withdraw')}>
                      Withdraw from archive
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The updates as the API lists them (asked again every few seconds while one goes out), and
 * `run`: one action at a time, its outcome said, the list reloaded after it.
 */
function useUpdates(onSignedOut: SignedInProps['onSignedOut']) {
  const [updates, setUpdates] = useState<readonly UpdateView[]>([]);
  const [paused, setPaused] = useState<UpdatesAnswer['confirmationsPaused']>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof TeamApiError && error.status === 401) onSignedOut(SESSION_ENDED);
      else if (error instanceof TeamApiError) setOutcome({ ok: false, text: error.message, fields: error.fields });
      else setOutcome({ ok: false, text: String(error) });
    },
    [onSignedOut],
  );

  const reload = useCallback(
    () =>
      updatesApi.list().then(({ updates: all, confirmationsPaused }) => {
        setUpdates(all);
        setPaused(confirmationsPaused);
      }, failed),
    [failed],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  // While an update goes out, its counts move: asked again every few seconds.
  useEffect(() => {
    if (!updates.some((update) => update.state === 'sending' || update.state === 'scheduled')) return;
    const timer = window.setInterval(() => void reload(), 3000);
    return () => window.clearInterval(timer);
  }, [updates, reload]);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome({ ok: true, text: await work() });
      await reload();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return { updates, paused, busy, outcome, setOutcome, failed, run };
}

type Run = ReturnType<typeof useUpdates>['run'];
type SetOutcome = ReturnType<typeof useUpdates>['setOutcome'];

/** The draft being written: saved, previewed, tested, sent, or started from a press release. */
function useDraft(session: SignedInProps['session'], run: Run, setOutcome: SetOutcome) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<string | undefined>();
  /** The draft as last saved or opened: text beyond it would be lost by starting another. */
  const [kept, setKept] = useState<Draft>(EMPTY);
  const [preview, setPreview] = useState<UpdatePreview | undefined>();

  /** The draft saved (created or changed); answers its id. */
  const save = async () => {
    const saved = editing ? await updatesApi.edit(session, editing, draft) : await updatesApi.create(session, draft);
    setEditing(saved.id);
    setKept(draft);
    return saved.id;
  };

  const onPreview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setPreview(await updatesApi.preview(session, draft));
      return 'The preview below is the email as subscribers will receive it.';
    });
  };
  const onTest = () => void run(async () => `Test sent to ${(await updatesApi.test(session, await save())).sentTo}.`);
  const onSend = (at?: string) =>
    void run(async () => {
      const id = await save();
      const sent = await updatesApi.send(session, id, at ? new Date(at).toISOString() : undefined);
      setDraft(EMPTY);
      setKept(EMPTY);
      setEditing(undefined);
      setPreview(undefined);
      return sent.state === 'scheduled'
        ? `Scheduled for ${formatDateTime(sent.scheduledAt!)}.`
        : `Sending to the confirmed subscribers of ${LIST_NAMES[sent.list]}.`;
    });
  const open = (update: UpdateView) => {
    const opened = { subject: update.subject, body: update.body, list: update.list };
    setDraft(opened);
    setKept(opened);
    setEditing(update.id);
    setPreview(undefined);
  };
  /**
   * A new draft from a press release. Text written here and not saved is saved as a draft first; one
   * that cannot be yet (no subject or no message) stops it, so that nothing written is lost.
   */
  const onStartFromRelease = (release: ReleaseChoice) => {
    const written = draft.subject.trim() !== '' || draft.body.trim() !== '';
    const unsaved = written && !sameDraft(draft, kept);
    if (unsaved && (draft.subject.trim() === '' || draft.body.trim() === '')) {
      setOutcome({
        ok: false,
        text: 'What you have written is not saved yet and needs a subject and a message to be kept as a draft: complete or clear it, then start from the press release.',
      });
      return;
    }
    void run(async () => {
      if (unsaved) await save();
      open(await updatesApi.fromRelease(session, release.slug, draft.list));
      return (
        `A draft from the press release “${release.title}” is open in the form: change it as you like, then preview and send it.` +
        (unsaved ? ' What you had written was saved as a draft (see the list of updates).' : '')
      );
    });
  };

  return { draft, setDraft, editing, preview, onPreview, onTest, onSend, open, onStartFromRelease };
}

/**
 * The console's Updates page (issue 27): write an update in Markdown, preview it as subscribers
 * will receive it, send a test to yourself, then send it now or schedule it for a list; follow
 * each update's queued, sent, failed and suppressed counts and pause, resume or cancel it; see
 * the subscribers per list, search them and export them. Needs the `updates` role; the console
 * shows it at /team/updates (pages.ts).
 */
export function UpdatesPage({ session, onSignedOut }: SignedInProps) {
  const { updates, paused, busy, outcome, setOutcome, failed, run } = useUpdates(onSignedOut);
  const { draft, setDraft, editing, preview, onPreview, onTest, onSend, open, onStartFromRelease } = useDraft(
    session,
    run,
    setOutcome,
  );
  const onAct = (id: string, action: UpdateAction) =>
    void run(async () => {
      const changed = await updatesApi.act(session, id, action);
      return action === 'withdraw'
        ? 'The update is withdrawn from the public archive, its feed and the sitemap.'
        : `The update is ${STATE_LABELS[changed.state].toLowerCase()}.`;
    });
  return (
    <article className="wpc-page">
      <h1>Updates</h1>
      <p className="wpc-lead">
        Write to the people who asked for updates and confirmed their address. No opens or clicks are tracked.
      </p>
      {paused && (
        <p className={styles.error} role="status">
          Confirmation emails are paused: the site has sent its ceiling of {paused.ceiling} this hour. Forms are still
          stored, but new subscribers get no confirmation until {formatDateTime(paused.until)}.
        </p>
      )}

      <section aria-labelledby="compose-heading">
        <h2 id="compose-heading">{editing ? 'Change the draft' : 'Write an update'}</h2>
        <StartFromRelease busy={busy} onStart={onStartFromRelease} onFailure={failed} />
        <ComposeForm
          draft={draft}
          onChange={setDraft}
          busy={busy}
          fieldErrors={outcome?.fields}
          onPreview={onPreview}
          onTest={onTest}
          onSend={onSend}
        />
        <OutcomeLine outcome={outcome} />
        {preview && (
          <iframe title={`Preview: ${preview.subject}`} sandbox="" srcDoc={preview.html} className={own.preview} />
        )}
      </section>

      <section aria-labelledby="updates-heading">
        <h2 id="updates-heading">Updates sent and planned</h2>
        {updates.length === 0 ? (
          <p>No updates yet.</p>
        ) : (
          <UpdatesTable updates={updates} busy={busy} onOpen={open} onAct={onAct} />
        )}
      </section>

      <Subscribers onFailure={failed} />
    </article>
  );
}

/** "Start from a press release": the published releases, newest first, and a button to begin with one. */
function StartFromRelease({
  busy,
  onStart,
  onFailure,
}: {
  readonly busy: boolean;
  readonly onStart: (release: ReleaseChoice) => void;
  readonly onFailure: (error: unknown) => void;
}) {
  const [releases, setReleases] = useState<readonly ReleaseChoice[] | undefined>();
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    updatesApi.releases().then(({ releases: all }) => {
      setReleases(all);
      setChosen(all[0]?.slug ?? '');
    }, onFailure);
  }, [onFailure]);
  if (!releases) return null;
  if (releases.length === 0)
    return <p>No press release is published yet: once one is, an update can start from it here.</p>;
  const release = releases.find((candidate) => candidate.slug === chosen);
  return (
    <form
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault();
        if (release) onStart(release);
      }}
    >
      <label className={styles.field}>
        Start from a press release
        <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {releases.map((candidate) => (
            <option key={candidate.slug} value={candidate.slug}>
              {candidate.date ? `${candidate.title} (${candidate.date})` : candidate.title}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.tools}>
        <Button type="submit" variant="secondary" disabled={busy || !release}>
          Start a draft from it
        </Button>
      </div>
    </form>
  );
}

/** Counts per list, a search by address, and the export with the consent records. */
function Subscribers({ onFailure }: { readonly onFailure: (error: unknown) => void }) {
  const [q, setQ] = useState('');
  const [answer, setAnswer] = useState<SubscribersAnswer | undefined>();
  const [searched, setSearched] = useState('');
  const search = useCallback(
    (text: string) =>
      updatesApi.subscribers(text).then((found) => {
        setAnswer(found);
        setSearched(text.trim());
      }, onFailure),
    [onFailure],
  );
  useEffect(() => {
    void search('');
  }, [search]);
  return (
    <section aria-labelledby="subscribers-heading">
      <h2 id="subscribers-heading">Subscribers</h2>
      {answer && (
        <ul>
          {answer.counts.map((count) => (
            <li key={count.list}>
              {LIST_NAMES[count.list]}: {count.confirmed} confirmed, {count.pending} waiting to confirm, {count.left}{' '}
              left
            </li>
          ))}
          <li>{answer.suppressed} addresses suppressed (left every list, bounced or erased)</li>
        </ul>
      )}
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          void search(q);
        }}
      >
        <label className={styles.field}>
          Search by address (a whole address, or part of one)
          <input type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
        <div className={styles.tools}>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          <a className={buttonClassName('secondary')} href={subscribersExportUrl('csv')} download>
            Export CSV
          </a>
          <a className={buttonClassName('secondary')} href={subscribersExportUrl('xlsx')} download>
            Export Excel
          </a>
        </div>
      </form>
      {answer && searched && answer.rows.length === 0 && <p>No subscriber matches “{searched}”.</p>}
      {answer && answer.rows.length > 0 && (
        <ul aria-label="Matching subscribers">
          {answer.rows.map((row) => (
            <li key={row.email}>
              {row.email}: {row.lists.map((list) => `${LIST_NAMES[list.id]} (${list.state})`).join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
