import { useEffect, useState, type FormEvent } from 'react';
import { LIST_NAMES, type UpdateListId } from '@wpc/shared/updates';
import type { ConfirmInfo } from '@wpc/shared/updates/schemas';
import { Button } from '@wpc/shared/ui';
import { useSearch } from '../../location';
import { messageOf, tokenIn, updatesCall } from './api';
import { NoTracking } from './NoTracking';
import styles from './UpdatesPages.module.css';

const names = (lists: readonly UpdateListId[]) => lists.map((list) => LIST_NAMES[list]).join(' and ');

type State =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'ready'; readonly info: ConfirmInfo }
  | { readonly kind: 'confirming'; readonly info?: ConfirmInfo }
  | { readonly kind: 'confirmed'; readonly lists: readonly UpdateListId[] }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * Where a confirmation email's link leads. Opening it changes nothing (mail scanners follow
 * links): the Confirm button does. Prerendered without the address; with scripts the page asks
 * the API what the link is for, and without them the button posts the form to this same address.
 */
export default function ConfirmPage() {
  const token = tokenIn(useSearch());
  const [state, setState] = useState<State>({ kind: 'waiting' });

  useEffect(() => {
    if (!token) return;
    let current = true;
    updatesCall<ConfirmInfo>(`/confirm?token=${encodeURIComponent(token)}`).then(
      (info) =>
        current &&
        setState(info.state === 'confirmed' ? { kind: 'confirmed', lists: info.lists } : { kind: 'ready', info }),
      (error: unknown) => current && setState({ kind: 'refused', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const info = state.kind === 'ready' ? state.info : undefined;
    setState({ kind: 'confirming', info });
    try {
      const answer = await updatesCall<{ confirmed: UpdateListId[] }>('/confirm', { token });
      setState({ kind: 'confirmed', lists: answer.confirmed.length ? answer.confirmed : (info?.lists ?? []) });
    } catch (error) {
      setState({ kind: 'refused', message: messageOf(error) });
    }
  };

  if (state.kind === 'confirmed') {
    return (
      <article className="wpc-page">
        <h1>Subscription confirmed</h1>
        <p className="wpc-lead" role="status">
          Thank you.{' '}
          {state.lists.length ? `You will receive ${names(state.lists)}.` : 'Your subscription is confirmed.'}
        </p>
        <p>Every update ends with a link to choose your lists or leave them, in one click.</p>
        <NoTracking />
      </article>
    );
  }

  const info = state.kind === 'ready' ? state.info : state.kind === 'confirming' ? state.info : undefined;
  return (
    <article className="wpc-page">
      <h1>Confirm your subscription</h1>
      {info ? (
        <p className="wpc-lead">
          Press Confirm to receive {names(info.lists)} at <strong>{info.email}</strong>.
        </p>
      ) : (
        <p className="wpc-lead">
          Press Confirm to start receiving the updates you asked for. Nothing is sent to you until you do.
        </p>
      )}
      {state.kind === 'refused' ? (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      ) : (
        // No action: without scripts the form posts to this page's own address, token included.
        <form method="post" onSubmit={confirm} className={styles.actions}>
          <input type="hidden" name="confirm" value="yes" />
          <Button type="submit" disabled={state.kind === 'confirming'}>
            Confirm
          </Button>
        </form>
      )}
      <p>If you did not ask for updates, close this page: nothing will be sent to you.</p>
      <NoTracking />
    </article>
  );
}
