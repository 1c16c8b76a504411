import { UPDATES_PAGES } from '@wpc/shared/updates';
import { usePathname, useSearch } from '../../location';
import { NoTracking } from './NoTracking';

/** Why a link was refused (the API's `problem`), in the visitor's words. */
const PROBLEMS: Readonly<Record<string, string>> = {
  expired: 'This confirmation link has expired: links work for 7 days. Send the form again to get a new one.',
  used: 'This confirmation link was used already, so nothing changed: your subscription is confirmed.',
  invalid:
    'This link is not valid: it may be incomplete, or the address it was for has been removed. Open it again from the email, or copy the whole address.',
};

/**
 * Where the updates pages' forms land when posted without scripts: the subscription confirmed,
 * the choice saved, or the link refused (which one the query says; the prerender names all three).
 */
export default function UpdatesNoticePage() {
  const path = usePathname();
  const problem = new URLSearchParams(useSearch()).get('problem') ?? '';
  if (path === UPDATES_PAGES.confirmed) {
    return (
      <article className="wpc-page">
        <h1>Subscription confirmed</h1>
        <p className="wpc-lead">Thank you. Every update ends with a link to choose your lists or leave them.</p>
        <NoTracking />
      </article>
    );
  }
  if (path === UPDATES_PAGES.saved) {
    return (
      <article className="wpc-page">
        <h1>Your choice is saved</h1>
        <p className="wpc-lead">
          You will receive only the lists you ticked. If you left every list, we will send you nothing more.
        </p>
        <NoTracking />
      </article>
    );
  }
  return (
    <article className="wpc-page">
      <h1>This link did not work</h1>
      {PROBLEMS[problem] ? (
        <p className="wpc-lead" role="alert">
          {PROBLEMS[problem]}
        </p>
      ) : (
        <ul>
          {Object.values(PROBLEMS).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
