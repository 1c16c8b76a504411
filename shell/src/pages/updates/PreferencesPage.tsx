import { useEffect, useState, type FormEvent } from 'react';
import { LIST_DESCRIPTIONS, LIST_NAMES, UPDATE_LISTS, type UpdateListId } from '@wpc/shared/updates';
import type { Preferences } from '@wpc/shared/updates/schemas';
import { Button } from '@wpc/shared/ui';
import { useSearch } from '../../location';
import { messageOf, tokenIn, updatesCall } from './api';
import { NoTracking } from './NoTracking';
import styles from './UpdatesPages.module.css';

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved'; readonly text: string }
  | { readonly kind: 'refused'; readonly text: string };

/**
 * The footer link of every update: choose lists, or leave all. The link's token is all it needs
 * (no sign-in), and opening it changes nothing. Prerendered without the address; with scripts
 * the boxes show what the address receives now; without them the form posts to this same address.
 */
export default function PreferencesPage() {
  const token = tokenIn(useSearch());
  const [preferences, setPreferences] = useState<Preferences | undefined>();
  const [chosen, setChosen] = useState<readonly UpdateListId[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const show = (answer: Preferences) => {
    setPreferences(answer);
    setChosen(answer.lists.filter((list) => list.subscribed).map((list) => list.id));
  };

  useEffect(() => {
    if (!token) return;
    let current = true;
    updatesCall<Preferences>(`/preferences?token=${encodeURIComponent(token)}`).then(
      (answer) => current && show(answer),
      (error: unknown) => current && setStatus({ kind: 'refused', text: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const save = async (lists: readonly UpdateListId[]) => {
    setStatus({ kind: 'saving' });
    try {
      const answer = await updatesCall<Preferences>('/preferences', { token, lists });
      show(answer);
      setStatus({
        kind: 'saved',
        text: lists.length
          ? `Saved. You will receive ${lists.map((list) => LIST_NAMES[list]).join(' and ')}, and nothing else.`
          : 'You have left every list. We will send you nothing more.',
      });
    } catch (error) {
      setStatus({ kind: 'refused', text: messageOf(error) });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void save(submitter?.value === 'all' ? [] : chosen);
  };

  const toggle = (list: UpdateListId, on: boolean) =>
    setChosen((current) => (on ? [...current, list] : current.filter((item) => item !== list)));

  return (
    <article className="wpc-page">
      <h1>Your email updates</h1>
      <p className="wpc-lead">
        {preferences ? (
          <>
            Choose what <strong>{preferences.email}</strong> receives from the Wildfire Prevention Consortium.
          </>
        ) : (
          'Choose the updates you receive from the Wildfire Prevention Consortium, or leave every list.'
        )}
      </p>
      {/* No action: without scripts the form posts to this page's own address, token included. */}
      <form method="post" onSubmit={submit}>
        <fieldset className={styles.lists}>
          <legend>Lists (an unticked list is left)</legend>
          {UPDATE_LISTS.map((list) => (
            <label key={list}>
              <input
                type="checkbox"
                name="lists"
                value={list}
                checked={chosen.includes(list)}
                onChange={(event) => toggle(list, event.target.checked)}
              />
              <span>
                <strong>{LIST_NAMES[list]}</strong>: {LIST_DESCRIPTIONS[list]}
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" name="save" value="lists" disabled={status.kind === 'saving'}>
            Save my choice
          </Button>
          <Button type="submit" name="leave" value="all" variant="secondary" disabled={status.kind === 'saving'}>
            Leave every list
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {status.kind === 'saved' && <p className={styles.notice}>{status.text}</p>}
        {status.kind === 'refused' && (
          <p className={styles.error} role="alert">
            {status.text}
          </p>
        )}
      </div>
      <p>
        An address that leaves every list is kept on a list of addresses we never write to, until it signs up and
        confirms again.
      </p>
      <NoTracking />
    </article>
  );
}
