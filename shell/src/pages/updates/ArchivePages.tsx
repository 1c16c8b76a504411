// The public archive of sent updates (issue 38 item 2): rendered by the edge on each request with
// what the API answers (shell/server/update-pages.ts), into the chrome without scripts. Pure
// components of their props: nothing to fetch, nothing to hydrate, readable with JavaScript off.
import { LIST_NAMES } from '@wpc/shared/updates';
import { UPDATES_ARCHIVE, UPDATES_FEED } from '@wpc/shared/updates/archive';
import type { ArchiveAnswer, PublicUpdate } from '@wpc/shared/updates/schemas';
import { NoTracking } from './NoTracking';

export const ARCHIVE_TITLE = 'Updates From the Consortium';
export const ARCHIVE_DESCRIPTION =
  'Every update the Wildfire Prevention Consortium has emailed to its subscribers, newest first, to read on the web or follow in a feed reader.';

/** A calendar day in UTC, as the address names it, so the server and every reader agree. */
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function Sent({ update }: { readonly update: Pick<PublicUpdate, 'list' | 'sentAt'> }) {
  return (
    <>
      {LIST_NAMES[update.list]}, sent <time dateTime={update.sentAt}>{dayOf(update.sentAt)}</time>
    </>
  );
}

function FeedLink() {
  return (
    <p>
      <a href={UPDATES_FEED}>Follow our updates in a feed reader (Atom feed)</a>, or{' '}
      <a href="/scorecard/subscribe">subscribe by email</a>.
    </p>
  );
}

export function UpdatesArchivePage({ updates }: ArchiveAnswer) {
  return (
    <article className="wpc-page">
      <h1>{ARCHIVE_TITLE}</h1>
      <p className="wpc-lead">Every update we have emailed to our subscribers, newest first.</p>
      <FeedLink />
      {updates.length === 0 ? (
        <p>No update has been sent yet.</p>
      ) : (
        <ol aria-label="Updates, newest first">
          {updates.map((update) => (
            <li key={update.id}>
              <h2>
                <a href={update.path}>{update.subject}</a>
              </h2>
              <p>
                <Sent update={update} />
              </p>
              <p>{update.summary}</p>
            </li>
          ))}
        </ol>
      )}
      <NoTracking />
    </article>
  );
}

/** One sent update. Its HTML was sanitised by the API's Markdown pipeline (no script, no tracking). */
export function ArchivedUpdatePage({ update }: { readonly update: PublicUpdate }) {
  return (
    <article className="wpc-page">
      <h1>{update.subject}</h1>
      <p className="wpc-lead">
        <Sent update={update} />
      </p>
      <section aria-labelledby="update-body">
        {/* The body's headings start at h3 (the site's Markdown pipeline): this h2 keeps the outline whole. */}
        <h2 id="update-body" className="wpc-visually-hidden">
          The update
        </h2>
        <div dangerouslySetInnerHTML={{ __html: update.html }} />
      </section>
      <p>
        <a href={UPDATES_ARCHIVE}>Every update we have sent</a>
      </p>
      <FeedLink />
      <NoTracking />
    </article>
  );
}
