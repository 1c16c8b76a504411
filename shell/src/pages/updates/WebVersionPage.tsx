import { useEffect, useState } from 'react';
import { LIST_NAMES } from '@wpc/shared/updates';
import type { PublicUpdate } from '@wpc/shared/updates/schemas';
import { useSearch } from '../../location';
import { messageOf, updatesCall } from './api';
import { NoTracking } from './NoTracking';
import styles from './UpdatesPages.module.css';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The public web version of a sent update ("Read it on the web" in every update). One prerendered
 * page for every update; the update comes from the API by the id in the query after hydration.
 * Its HTML was sanitised by the API's Markdown pipeline (no script, no tracking).
 */
export default function WebVersionPage() {
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const [update, setUpdate] = useState<PublicUpdate | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    if (!id) return;
    let current = true;
    updatesCall<PublicUpdate>(`/archive/${encodeURIComponent(id)}`).then(
      (answer) => current && setUpdate(answer),
      (error: unknown) => current && setProblem(messageOf(error)),
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (!update) {
    return (
      <article className="wpc-page">
        <h1>Update From the Consortium</h1>
        {problem ? (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        ) : (
          <p className="wpc-lead">The update opens here with the link at the top of its email.</p>
        )}
      </article>
    );
  }
  return (
    <article className="wpc-page">
      <h1>{update.subject}</h1>
      <p className="wpc-lead">
        {LIST_NAMES[update.list]}, sent {dateOf(update.sentAt)}
      </p>
      <section aria-labelledby="update-body">
        {/* The body's headings start at h3 (the site's Markdown pipeline): this h2 keeps the outline whole. */}
        <h2 id="update-body" className="wpc-visually-hidden">
          The update
        </h2>
        <div dangerouslySetInnerHTML={{ __html: update.html }} />
      </section>
      <NoTracking />
    </article>
  );
}
