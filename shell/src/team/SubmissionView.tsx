import { useState, type FormEvent } from 'react';
import { FORMS, type FieldDefinition, type FormId } from '@wpc/shared/form-definitions';
import { Button } from '@wpc/shared/ui';
import {
  fileUrl,
  STATUS_LABELS,
  STATUSES,
  teamApi,
  TeamApiError,
  type ReviewChange,
  type ReviewStatus,
  type TeamSubmission,
} from './api';
import { ChoiceField } from './controls';
import { formatDateTime, formatSize, KIND_LABELS } from './format';
import { followLink } from './navigation';
import { SESSION_ENDED, type SignedInProps } from './session';
import styles from './TeamConsole.module.css';
import { useConsoleQuery } from './use-console-query';

/** Every field the submission's form defines, with its label, then any stored field it no longer defines. */
function labelledFields(submission: TeamSubmission): { readonly label: string; readonly value: string }[] {
  const form = FORMS[submission.variant as FormId] as (typeof FORMS)[FormId] | undefined;
  const defined: readonly FieldDefinition[] = form?.fields.filter((field) => field.type !== 'files') ?? [];
  const shown = (value: string | boolean | undefined) =>
    value === undefined || value === '' ? '—' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value;
  const rows = defined.map((field) => ({ label: field.label, value: shown(submission.fields[field.name]) }));
  if (form?.scorecardAware) {
    rows.push({ label: 'Sent from a scorecard page', value: shown(submission.fields.scorecardForm ?? false) });
  }
  const known = new Set([...defined.map((field) => field.name), 'scorecardForm']);
  for (const [name, value] of Object.entries(submission.fields)) {
    if (!known.has(name)) rows.push({ label: `${name} (no longer on the form)`, value: shown(value) });
  }
  return rows;
}

function describeChange(change: ReviewChange): string {
  const parts: string[] = [];
  if (change.status) {
    parts.push(`changed the status from ${STATUS_LABELS[change.status.from]} to ${STATUS_LABELS[change.status.to]}`);
  }
  if (change.note) parts.push(`${change.note} the note`);
  return parts.join(' and ');
}

function ReviewForm({
  submission,
  onSaved,
  session,
  onSignedOut,
}: SignedInProps & { readonly submission: TeamSubmission; readonly onSaved: (next: TeamSubmission) => void }) {
  const [status, setStatus] = useState<ReviewStatus>(submission.review.status);
  const [note, setNote] = useState(submission.review.note);
  const [saving, setSaving] = useState(false);
  const [answer, setAnswer] = useState<{ readonly ok: boolean; readonly text: string }>();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setAnswer(undefined);
    try {
      const next = await teamApi.review(session, submission.id, { status, note });
      onSaved(next);
      setAnswer({ ok: true, text: 'Saved.' });
    } catch (failure) {
      if (failure instanceof TeamApiError && failure.status === 401) onSignedOut(SESSION_ENDED);
      else setAnswer({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.review} onSubmit={save}>
      <ChoiceField
        id="review-status"
        label="Status"
        choices={STATUSES}
        labels={STATUS_LABELS}
        value={status}
        onChange={(value) => setStatus(value as ReviewStatus)}
      />
      <div className={styles.field}>
        <label htmlFor="review-note">Private note (only the team sees it)</label>
        <textarea
          id="review-note"
          rows={4}
          maxLength={5000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save status and note'}
        </Button>
      </div>
      <p role="status" className={answer?.ok === false ? styles.error : styles.notice}>
        {answer?.text}
      </p>
    </form>
  );
}

export function SubmissionView({ id, session, onSignedOut }: SignedInProps & { readonly id: string }) {
  const fetched = useConsoleQuery(id, () => teamApi.submission(id), onSignedOut);
  // A saved review answers with the submission as it is now; shown instead of the fetched one.
  const [saved, setSaved] = useState<TeamSubmission>();

  const back = (
    <p>
      <a href="/team" onClick={followLink('/team')}>
        Back to the inbox
      </a>
    </p>
  );
  const submission = saved?.id === id ? saved : fetched.data;
  if (!submission) {
    return (
      <article className="wpc-page">
        {back}
        <h1>Submission</h1>
        {fetched.error ? (
          <p className={styles.error} role="alert">
            {fetched.error}
          </p>
        ) : (
          <p role="status">Loading the submission…</p>
        )}
      </article>
    );
  }

  const name = [submission.fields.firstName, submission.fields.lastName]
    .filter((part) => typeof part === 'string' && part)
    .join(' ');
  return (
    <article className="wpc-page">
      {back}
      <h1>
        {KIND_LABELS[submission.form]}
        {name ? ` from ${name}` : ''}
      </h1>
      <p className={styles.meta}>
        Received {formatDateTime(submission.receivedAt)}
        {submission.page ? ` from the page ${submission.page}` : ''}
      </p>

      <section aria-labelledby="submission-fields">
        <h2 id="submission-fields">What was sent</h2>
        <dl className={styles.fields}>
          {labelledFields(submission).map(({ label, value }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="submission-files">
        <h2 id="submission-files">Files</h2>
        {submission.files.length === 0 ? (
          <p>No files were uploaded.</p>
        ) : (
          <ul className={styles.files}>
            {submission.files.map((file) => (
              <li key={file.id}>
                <a href={fileUrl(submission.id, file.id)} download={file.name}>
                  Download {file.name}
                </a>{' '}
                ({formatSize(file.size)})
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="submission-review">
        <h2 id="submission-review">Status and note</h2>
        <ReviewForm submission={submission} session={session} onSignedOut={onSignedOut} onSaved={setSaved} />
      </section>

      <section aria-labelledby="submission-history">
        <h2 id="submission-history">History</h2>
        {submission.review.history.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <ol className={styles.history}>
            {submission.review.history.map((change) => (
              <li key={`${change.at}-${change.by}`}>
                <time dateTime={change.at}>{formatDateTime(change.at)}</time>: {change.by} {describeChange(change)}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
