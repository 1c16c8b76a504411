import { useId } from 'react';
import { ClipPlayer } from '@wpc/shared/ui';
import {
  consortiumPresenters,
  innovatorPresenter,
  type ConsortiumPresentation,
  type InnovatorPresentation,
} from '../content/presentation-types';
import { remoteFileUrl } from '../content/remote-files';
import { PresenterDetails } from './PresenterDetails';
import { SlidesLink } from './SlidesLink';
import styles from './PresentationCards.module.css';

/** The clip of a presentation; nothing when the entry has no clip (spec §4). */
function PresentationClip({
  entry,
  title,
}: {
  readonly entry: ConsortiumPresentation | InnovatorPresentation;
  readonly title: string;
}) {
  if (!entry.youtube) return null;
  return (
    <ClipPlayer
      videoId={entry.youtube.id}
      start={entry.youtube.start}
      end={entry.youtube.end}
      title={title}
      previewSrc={remoteFileUrl(entry.videoPreview)}
    />
  );
}

/** The consortium's presentation: two presenters, one clip, one description, the slides. */
export function ConsortiumCard({ entry }: { readonly entry: ConsortiumPresentation }) {
  const titleId = useId();
  const presenters = consortiumPresenters(entry);
  return (
    <article className={`${styles.card} ${styles.consortium}`} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h4 id={titleId} className={styles.title}>
          {entry.orgName1}
        </h4>
        <span className={styles.category}>{entry.category}</span>
      </header>
      <div className={styles.presenters}>
        {presenters.map((presenter) => (
          <PresenterDetails key={presenter.name} presenter={presenter} />
        ))}
      </div>
      <div className={styles.media}>
        <PresentationClip
          entry={entry}
          title={`${entry.category} by ${entry.presenterName1} and ${entry.presenterName2}`}
        />
        <div className={styles.about}>
          <p className={styles.description}>{entry.orgDescription}</p>
          {entry.slides ? <SlidesLink file={entry.slides} presentedBy={entry.orgName1} /> : null}
        </div>
      </div>
    </article>
  );
}

/** One innovator's presentation. */
export function InnovatorCard({ entry }: { readonly entry: InnovatorPresentation }) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h4 id={titleId} className={styles.title}>
          {entry.orgName}
        </h4>
        <span className={styles.category}>{entry.category}</span>
      </header>
      <PresenterDetails presenter={innovatorPresenter(entry)} />
      <PresentationClip entry={entry} title={`${entry.orgName} presentation by ${entry.presenterName}`} />
      <p className={styles.description}>{entry.orgDescription}</p>
      {entry.slides ? <SlidesLink file={entry.slides} presentedBy={entry.orgName} /> : null}
    </article>
  );
}
