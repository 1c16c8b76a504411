import { useId } from 'react';
import { usePageData } from '@wpc/shared/area';
import { FormButton } from '@wpc/shared/forms/on-demand';
import { EventArchive } from '../archive/EventArchive';
import { ExternalLink } from '../components/ExternalLink';
import { HeroVideo } from '../components/HeroVideo';
import type { PresentationsPageData } from '../content/page-data';
import { PRESENTATIONS_COPY as copy } from '../content/presentations-page';
import { remoteFileUrl } from '../content/remote-files';
import { useShowcaseSettings } from '../settings/ShowcaseSettingsContext';
import styles from './PresentationsPage.module.css';

const POSTER = { src: remoteFileUrl('media/hero/presentations-poster.svg'), width: 1600, height: 900 };
const LOOP = [
  { src: remoteFileUrl('media/hero/presentations-loop.webm'), type: 'video/webm' },
  { src: remoteFileUrl('media/hero/presentations-loop.mp4'), type: 'video/mp4' },
];

/** /showcase/presentations: the showcase in brief, then the archive of past showcases. */
export default function PresentationsPage() {
  const { events } = usePageData<PresentationsPageData>();
  const settings = useShowcaseSettings();
  const archiveTitleId = useId();
  return (
    <article className={styles.page}>
      <HeroVideo poster={POSTER} sources={LOOP}>
        <h1 className={styles.title}>{copy.hero.title}</h1>
        <p className={styles.tagline}>{copy.hero.tagline}</p>
        <p className={styles.free}>{copy.hero.free}</p>
        <div className={styles.actions}>
          <ExternalLink look="primary" href={settings.links.presenterApplication} impact="partner-apply">
            {copy.hero.apply}
          </ExternalLink>
          {settings.registration === 'notify' ? (
            <FormButton form="notify" variant="secondary">
              {copy.hero.notify}
            </FormButton>
          ) : (
            <ExternalLink look="secondary" href={settings.links.eventCommunity}>
              {copy.hero.register}
            </ExternalLink>
          )}
        </div>
      </HeroVideo>

      <div className={styles.body}>
        <div className={styles.info}>
          {copy.info.map((block) => (
            <section key={block.title} className={styles.infoBlock}>
              <h2 className={styles.infoTitle}>{block.title}</h2>
              <p>{block.body}</p>
            </section>
          ))}
        </div>

        <section className={styles.archive} aria-labelledby={archiveTitleId}>
          <h2 id={archiveTitleId} className={styles.archiveTitle}>
            {copy.archive.title}
          </h2>
          <p>{copy.archive.intro}</p>
          <EventArchive events={events} />
        </section>
      </div>
    </article>
  );
}
