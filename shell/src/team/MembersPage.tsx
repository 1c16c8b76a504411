import { useId, useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@wpc/shared/team';
import { Button, Dialog } from '@wpc/shared/ui';
import { teamApi, TeamApiError, type TeamMember } from './api';
import { formatDateTime } from './format';
import { SESSION_ENDED, type SignedInProps } from './session';
import styles from './TeamConsole.module.css';
import { useConsoleQuery } from './use-console-query';
import { ColumnHeads } from './controls';

type Problem = { readonly message: string; readonly fields: Readonly<Record<string, string>> };

/** A failed call as the form shows it; a session that ended signs the person out instead. */
function problemOf(failure: unknown, onSignedOut: (message: string) => void): Problem | undefined {
  if (failure instanceof TeamApiError && failure.status === 401) {
    onSignedOut(SESSION_ENDED);
    return undefined;
  }
  if (failure instanceof TeamApiError) return { message: failure.message, fields: failure.fields };
  return { message: String(failure), fields: {} };
}

/** An address and the roles to give it: adds a member, or (with `member`) changes one's roles. */
function MemberForm({
  member,
  onSaved,
  session,
  onSignedOut,
}: SignedInProps & { readonly member?: TeamMember; readonly onSaved: (saved: TeamMember) => void }) {
  const id = useId();
  const [email, setEmail] = useState(member?.email ?? '');
  const [roles, setRoles] = useState<readonly Role[]>(member?.roles ?? []);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();

  const toggle = (role: Role, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((chosen) => chosen !== role)));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const saved = await teamApi.saveMember(session, { email: email.trim(), roles: [...roles] });
      if (!member) {
        setEmail('');
        setRoles([]);
      }
      onSaved(saved);
    } catch (failure) {
      setProblem(problemOf(failure, onSignedOut));
    } finally {
      setBusy(false);
    }
  };

  const emailError = problem?.fields.email;
  const rolesError = problem?.fields.roles;
  return (
    <form className={styles.review} onSubmit={save} noValidate>
      {!member && (
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>Email address</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(emailError) || undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          {emailError && (
            <p id={`${id}-email-error`} className={styles.error}>
              {emailError}
            </p>
          )}
        </div>
      )}
      <fieldset
        className={styles.roles}
        aria-invalid={Boolean(rolesError) || undefined}
        aria-describedby={rolesError ? `${id}-roles-error` : undefined}
      >
        <legend>{member ? `Roles of ${member.email}` : 'Roles'}</legend>
        {ROLES.map((role) => (
          <div key={role} className={styles.check}>
            <input
              id={`${id}-${role}`}
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(event) => toggle(role, event.target.checked)}
            />
            <label htmlFor={`${id}-${role}`}>{ROLE_LABELS[role]}</label>
          </div>
        ))}
        {rolesError && (
          <p id={`${id}-roles-error`} className={styles.error}>
            {rolesError}
          </p>
        )}
      </fieldset>
      {problem && !emailError && !rolesError && (
        <p className={styles.error} role="alert">
          {problem.message}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : member ? 'Save roles' : 'Add member'}
        </Button>
      </div>
    </form>
  );
}

/** Admins and members, for admins: add a member with roles, change their roles, remove them. */
export default function MembersPage({ session, onSignedOut }: SignedInProps) {
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<TeamMember>();
  const [removing, setRemoving] = useState<TeamMember>();
  const [reloads, setReloads] = useState(0);
  const listed = useConsoleQuery(String(reloads), teamApi.members, onSignedOut);
  const members = listed.latest;
  const shownError = error || listed.error;

  const saved = (message: string) => {
    setEditing(undefined);
    setNotice(message);
    setReloads((count) => count + 1);
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await teamApi.removeMember(session, removing.email);
      setNotice(`${removing.email} was removed and can no longer use the console.`);
      setRemoving(undefined);
      setReloads((count) => count + 1);
    } catch (failure) {
      const problem = problemOf(failure, onSignedOut);
      setRemoving(undefined);
      if (problem) setError(problem.message);
    }
  };

  return (
    <article className="wpc-page">
      <h1>Members</h1>
      <p className="wpc-lead">
        Who may use the console, and for what. A change applies at once: a removed member is signed out on their next
        click.
      </p>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {shownError && (
        <p className={styles.error} role="alert">
          {shownError}
        </p>
      )}
      {!members && !shownError && <p role="status">Loading members…</p>}
      {members && (
        <>
          <section aria-labelledby="members-admins">
            <h2 id="members-admins">Admins</h2>
            <p>
              Admins may do everything, and alone manage members and read the audit log. They are set in the site’s
              settings (TEAM_EMAILS), not here.
            </p>
            <ul className={styles.addresses}>
              {members.admins.map((admin) => (
                <li key={admin}>{admin}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="members-list">
            <h2 id="members-list">Members</h2>
            {members.members.length === 0 ? (
              <p>No members yet.</p>
            ) : (
              <table className={styles.table}>
                <caption className="wpc-visually-hidden">Members and their roles</caption>
                <ColumnHeads names={['Email', 'Roles', 'Last changed', 'Actions']} />
                <tbody>
                  {members.members.map((member) => (
                    <tr key={member.email}>
                      <td data-label="Email">{member.email}</td>
                      <td data-label="Roles">{member.roles.map((role) => ROLE_LABELS[role]).join('; ')}</td>
                      <td data-label="Last changed">
                        {formatDateTime(member.changedAt)} by {member.changedBy}
                      </td>
                      <td data-label="Actions">
                        <div className={styles.actions}>
                          <Button variant="secondary" onClick={() => setEditing(member)}>
                            Change roles<span className="wpc-visually-hidden"> of {member.email}</span>
                          </Button>
                          <Button variant="secondary" onClick={() => setRemoving(member)}>
                            Remove<span className="wpc-visually-hidden"> {member.email}</span>
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="members-add">
            <h2 id="members-add">Add a member</h2>
            <p>They sign in with a link emailed to this address, and see only what their roles allow.</p>
            <MemberForm
              session={session}
              onSignedOut={onSignedOut}
              onSaved={(member) => saved(`${member.email} was added.`)}
            />
          </section>
        </>
      )}
      <Dialog open={editing !== undefined} onClose={() => setEditing(undefined)} title="Change roles">
        {editing && (
          <MemberForm
            key={editing.email}
            member={editing}
            session={session}
            onSignedOut={onSignedOut}
            onSaved={(member) => saved(`The roles of ${member.email} were saved.`)}
          />
        )}
      </Dialog>
      <Dialog open={removing !== undefined} onClose={() => setRemoving(undefined)} title="Remove a member">
        {removing && (
          <div className={styles.review}>
            <p>
              {removing.email} will be signed out at once and can no longer sign in. Their past actions stay in the
              audit log.
            </p>
            <div className={styles.actions}>
              <Button onClick={() => void remove()}>Remove {removing.email}</Button>
              <Button variant="secondary" onClick={() => setRemoving(undefined)}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </article>
  );
}
