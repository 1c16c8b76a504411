import { useEffect, useState } from 'react';
import type { PublicUpdate } from '@wpc/shared/updates/schemas';
import { useSearch } from '../../location';
import { messageOf, updatesCall } from './api';
import { ArchivedUpdatePage } from './ArchivePages';
import styles from './UpdatesPages.module.css';

/**
 * The old web-version address of a sent update, in the browser. A request for it is redirected by
 * the edge to the update's own page in the archive (shell/server/update-pages.ts); this is what a
 * navigation inside the site shows: the same page, the update read from the API by its id.
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
  return <ArchivedUpdatePage update={update} />;
}
