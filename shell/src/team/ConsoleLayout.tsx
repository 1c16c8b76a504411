import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { normalisePath } from '@wpc/shared/routes';
import { can } from '@wpc/shared/team';
import { Button } from '@wpc/shared/ui';
import { usePathname } from '../location';
import { teamApi, TeamApiError } from './api';
import { followLink, replaceWith } from './navigation';
import { homeOf, pageOf, pagesFor } from './pages';
import type { SignedInProps } from './session';
import styles from './TeamConsole.module.css';

/** The console's own bar: its name, and once signed in the navigation and the account (else a way back to the site). */
export function ConsoleBar({ home, children }: { readonly home?: string; readonly children?: ReactNode }) {
  return (
    <header className={styles.appBar}>
      {home ? (
        <a className={styles.appName} href={home} onClick={followLink(home)}>
          Team console
        </a>
      ) : (
        <p className={styles.appName}>Team console</p>
      )}
      {children ?? (
        <p className={styles.account}>
          <a href="/">Go to the website</a>
        </p>
      )}
    </header>
  );
}

/**
 * The signed-in console: its own bar (name, navigation, who is signed in, sign-out) instead of
 * the site's header and footer, and the page of the address. The navigation shows each person
 * only the pages their roles allow; a page they may not open says so (the API refuses its calls
 * anyway).
 */
export function ConsoleLayout({ session, onSignedOut }: SignedInProps) {
  const pathname = normalisePath(usePathname());
  const [error, setError] = useState<string>();
  const allowed = pagesFor(session);
  const current = pageOf(pathname);
  const home = homeOf(session);
  // /team is the inbox; whoever may not read it starts at their own first page instead.
  const redirect = pathname === '/team' && home !== '/team' ? home : undefined;

  useEffect(() => {
    if (redirect) replaceWith(redirect);
  }, [redirect]);

  const signOut = async (everywhere: boolean) => {
    const done = everywhere ? 'You are signed out on every browser and device.' : 'You are signed out.';
    try {
      await (everywhere ? teamApi.signOutEverywhere(session) : teamApi.signOut(session));
      onSignedOut(done);
    } catch (failure) {
      if (failure instanceof TeamApiError && failure.status === 401) onSignedOut(done);
      else setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const Page = current && can(session, current.permission) && !redirect ? current.Page : undefined;
  return (
    <div className={styles.console}>
      <ConsoleBar home={home}>
        <nav aria-label="Console" className={styles.nav}>
          <ul>
            {allowed.map((page) => (
              <li key={page.path}>
                <a
                  href={page.path}
                  onClick={followLink(page.path)}
                  aria-current={page === current ? (page.path === pathname ? 'page' : 'true') : undefined}
                >
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.account}>
          <p className={styles.who}>
            <span className="wpc-visually-hidden">Signed in as </span>
            {session.email}
            {session.admin ? ' (admin)' : ''}
          </p>
          <Button variant="secondary" onClick={() => void signOut(false)}>
            Sign out
          </Button>
          <Button variant="secondary" onClick={() => void signOut(true)}>
            Sign out everywhere
          </Button>
        </div>
      </ConsoleBar>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {Page ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Page session={session} onSignedOut={onSignedOut} />
        </Suspense>
      ) : redirect ? null : (
        <article className="wpc-page">
          <h1>{current ? 'Not available to you' : 'Not found'}</h1>
          <p>
            {current
              ? 'Your roles do not include this part of the console. Ask an admin of the console if you need it. '
              : 'The console has no such page. '}
            <a href={home} onClick={followLink(home)}>
              Go to the start of your console
            </a>
            .
          </p>
        </article>
      )}
    </div>
  );
}
