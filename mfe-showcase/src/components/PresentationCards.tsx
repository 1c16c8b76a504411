import { useId } from 'react';
import { ClipPlayer } from '@wpc/shared/ui';
import type { SessionView } from '../content/page-data';
import { remoteFileUrl } from '../content/remote-files';
import { PresenterDetails } from './PresenterDetails';
import { SlidesLink } from './SlidesLink';
import styles from './PresentationCards.module.css';

/** "Ada One and Ben Two", "Ada, Ben and Cleo". */
function names(session: SessionView): string {
  const all = session.presenters.map((presenter) => presenter.name);
  return all.length < 2 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

/** The clip of a session; nothing when it has none (spec §4). */
function SessionClip({ session, title }: { readonly session: SessionView; readonly title: string }) {
  if (!session.clip) return null;
  return (
    <ClipPlayer
      videoId={session.clip.id}
      start={session.clip.start}
      end={session.clip.end}
      title={title}
      previewSrc={session.preview ? remoteFileUrl(session.preview) : ''}
    />
  );
}

/**
 * One session of a showcase. The consortium's update shows its presenters side by side, then the
 * clip beside one description; an innovator's presentation stacks them.
 */
export function SessionCard({ session }: { readonly session: SessionView }) {
  const titleId = useId();
  const update = session.kind === 'update';
  const slides = session.slides ? <SlidesLink file={session.slides} presentedBy={session.title} /> : null;
  const header = (
    <header className={styles.header}>
      <h4 id={titleId} className={styles.title}>
        {session.title}
      </h4>
      <span className={styles.category}>{session.category}</span>
    </header>
  );
  const presenters = session.presenters.map((presenter) => (
    <PresenterDetails key={`${presenter.name} ${presenter.orgName}`} presenter={presenter} />
  ));
  if (update) {
    return (
      <article className={`${styles.card} ${styles.consortium}`} aria-labelledby={titleId}>
        {header}
        <div className={styles.presenters}>{presenters}</div>
        <div className={styles.media}>
          <SessionClip session={session} title={`${session.category} by ${names(session)}`} />
          <div className={styles.about}>
            <p className={styles.description}>{session.description}</p>
            {slides}
          </div>
        </div>
      </article>
    );
  }
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      {header}
      {presenters}
      <SessionClip session={session} title={`${session.title} presentation by ${names(session)}`} />
      <p className={styles.description}>{session.description}</p>
      {slides}
    </article>
  );
}
