import { useState, type FormEvent } from 'react';
import { Button, Dialog } from '@wpc/shared/ui';
import { teamApi, TeamApiError } from './api';
import { plural } from './format';
import { SESSION_ENDED, type SignedInProps } from './session';
import styles from './TeamConsole.module.css';

export interface EraseDialogProps extends SignedInProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onErased: (message: string) => void;
}

/** Erase a person: the address, then an explicit confirmation, then one request. */
export function EraseDialog({ open, onClose, onErased, session, onSignedOut }: EraseDialogProps) {
  const [email, setEmail] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const close = () => {
    setEmail('');
    setConfirmed(false);
    setError('');
    onClose();
  };

  const erase = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Enter the email address whose records should be erased.');
      return;
    }
    if (!confirmed) {
      setError('Tick the box to confirm that everything from this address is deleted for good.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const counts = await teamApi.erase(session, email.trim());
      setEmail('');
      setConfirmed(false);
      onErased(
        `Erased ${plural(counts.submissions, 'submission')} and ${plural(counts.files, 'file')}. ` +
          'Shared self-assessments are anonymous, so none belong to an address.',
      );
    } catch (failure) {
      if (failure instanceof TeamApiError && failure.status === 401) onSignedOut(SESSION_ENDED);
      else if (failure instanceof TeamApiError) setError(failure.fields.email ?? failure.message);
      else setError(String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} title="Erase a person">
      <form className={styles.erase} onSubmit={erase} noValidate>
        <p>
          Every submission and uploaded file sent with this email address is deleted for good. The audit log records who
          erased how many records and when, but not the address.
        </p>
        <div className={styles.field}>
          <label htmlFor="erase-email">Email address</label>
          <input
            id="erase-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? 'erase-error' : undefined}
          />
        </div>
        <div className={styles.check}>
          <input
            id="erase-confirm"
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          />
          <label htmlFor="erase-confirm">I understand that this cannot be undone.</label>
        </div>
        {error && (
          <p id="erase-error" className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? 'Erasing…' : 'Erase everything from this address'}
          </Button>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
