import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '@wpc/shared/ui';
import { teamApi, TeamApiError, type TeamSession } from './api';
import { ConsoleBar, ConsoleLayout } from './ConsoleLayout';
import { CONTENT_PATH } from './content/paths';
import { SUBMISSION_PATH } from './InboxPages';
import { goTo } from './navigation';
import styles from './TeamConsole.module.css';

/** The page a sign-in link opens; its token comes after "#token=", so it never reaches a server log. */
const SIGN_IN_PATH = '/team/sign-in';
/**
 * Where a signed-out visit was going (a notification's link to a submission), so the sign-in
 * link, which may open in another tab, lands there. A console path only, never personal data.
 */
const RETURN_KEY = 'wpc:team-return';

/** A submission, or an entry being edited (whose unsaved draft the editor keeps until then). */
const returnable = (pathname: string) => SUBMISSION_PATH.test(pathname) || CONTENT_PATH.test(pathname);

function rememberReturn(): void {
  const { pathname, search } = window.location;
  if (returnable(pathname)) window.localStorage.setItem(RETURN_KEY, `${pathname}${search}`);
}

function takeReturn(): string {
  const target = window.localStorage.getItem(RETURN_KEY);
  window.localStorage.removeItem(RETURN_KEY);
  return target && returnable(target.split('?')[0]!) ? target : '/team';
}

type Phase =
  | { readonly kind: 'checking' }
  | { readonly kind: 'signed-out'; readonly message?: string; readonly error?: string }
  | { readonly kind: 'confirm'; readonly token: string }
  | { readonly kind: 'signed-in'; readonly session: TeamSession };

function SignInForm({ error, message }: { readonly error?: string; readonly message?: string }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setAnswer(undefined);
    try {
      const { message } = await teamApi.requestLink(email.trim());
      setAnswer({ ok: true, text: message });
    } catch (failure) {
      const problem = failure instanceof TeamApiError ? (failure.fields.email ?? failure.message) : String(failure);
      setAnswer({ ok: false, text: problem });
    } finally {
      setSending(false);
    }
  };

  return (
    <article className="wpc-page">
      <h1>Sign in to the team console</h1>
      <p className="wpc-lead">
        Enter your team email address. We will email you a link that signs you in once, within 15 minutes.
      </p>
      {message && <p className={styles.notice}>{message}</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <form className={styles.signIn} onSubmit={submit} noValidate>
        <label htmlFor="team-sign-in-email">Email address</label>
        <input
          id="team-sign-in-email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={answer?.ok === false || undefined}
          aria-describedby={answer ? 'team-sign-in-answer' : undefined}
        />
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Email me a sign-in link'}
        </Button>
      </form>
      <p id="team-sign-in-answer" role="status" className={answer?.ok === false ? styles.error : styles.notice}>
        {answer?.text}
      </p>
    </article>
  );
}

/**
 * Where a sign-in link lands: nothing is used until the person presses "Sign in". Mail scanners
 * that open links and run their scripts (Safe Links and the like) press nothing, so they neither
 * use up the link nor get the session.
 */
function ConfirmSignIn({ token, onSignedIn }: { readonly token: string; readonly onSignedIn: (phase: Phase) => void }) {
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setBusy(true);
    try {
      onSignedIn({ kind: 'signed-in', session: await teamApi.startSession(token) });
      goTo(takeReturn());
    } catch (failure) {
      onSignedIn({ kind: 'signed-out', error: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  return (
    <article className="wpc-page">
      <h1>Finish signing in</h1>
      <p className="wpc-lead">You opened a sign-in link from your email. Press the button to sign in on this device.</p>
      <p>The link works once, within 15 minutes of being sent.</p>
      <Button onClick={() => void signIn()} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </article>
  );
}

/**
 * The team console at /team: sign-in by emailed link, then the console's own layout and pages.
 * The server renders only the "checking" state; everything with data is fetched in the browser
 * after the session is known, so no submission is ever prerendered or cached.
 */
export default function TeamConsole() {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const signedOut = useCallback((message: string) => {
    // A session that ends mid-edit: the next sign-in opens the same entry again.
    rememberReturn();
    setPhase({ kind: 'signed-out', message });
  }, []);

  useEffect(() => {
    let live = true;
    const settle = (next: Phase) => {
      if (live) setPhase(next);
    };
    const token =
      window.location.pathname === SIGN_IN_PATH ? /^#token=(.+)$/.exec(window.location.hash)?.[1] : undefined;
    if (token) {
      // Out of the address bar and the history at once; only the "Sign in" button uses it.
      window.history.replaceState(null, '', SIGN_IN_PATH);
      settle({ kind: 'confirm', token });
    } else {
      teamApi.currentSession().then(
        (session) => {
          if (!session.signedIn) rememberReturn();
          settle(session.signedIn ? { kind: 'signed-in', session } : { kind: 'signed-out' });
        },
        (failure: unknown) =>
          settle(
            failure instanceof TeamApiError && failure.status === 401
              ? { kind: 'signed-out' }
              : { kind: 'signed-out', error: failure instanceof Error ? failure.message : String(failure) },
          ),
      );
    }
    return () => {
      live = false;
    };
  }, []);

  if (phase.kind === 'checking') {
    return (
      <>
        <ConsoleBar />
        <article className="wpc-page">
          <h1>Team console</h1>
          {/* The page's largest text, in the prerendered HTML: what the browser checks next only
              replaces it, so the page counts as shown at once (Lighthouse's LCP was 2 s). */}
          <p className="wpc-lead">
            Where the consortium’s team and partners work on the site: what visitors send through its forms, updates for
            the people who asked for them, the site’s own content, and who may do what.
          </p>
          <p role="status">Checking your sign-in…</p>
        </article>
      </>
    );
  }
  if (phase.kind === 'signed-out') {
    return (
      <>
        <ConsoleBar />
        <SignInForm error={phase.error} message={phase.message} />
      </>
    );
  }
  if (phase.kind === 'confirm') {
    return (
      <>
        <ConsoleBar />
        <ConfirmSignIn token={phase.token} onSignedIn={setPhase} />
      </>
    );
  }
  return <ConsoleLayout session={phase.session} onSignedOut={signedOut} />;
}
