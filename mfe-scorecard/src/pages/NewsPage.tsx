import { AppLink } from '@wpc/shared/navigation';
import { FormLink } from '../components/Links';
import { SubPage } from '../components/SubPage';
import { NEWS_INTRO, PRESS_RELEASE_DATE, PUBLICATION_URL, RELEASE, type ReleaseBlock } from '../content/news';
import { PRESS_CONTACTS } from '../content/people';
import styles from './NewsPage.module.css';

function ReleaseBlockView({ block }: { readonly block: ReleaseBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'heading':
      return <h3 className={styles.subheading}>{block.text}</h3>;
    case 'quote':
      return (
        <figure className={styles.quote}>
          <blockquote>
            <p>“{block.quote.text}”</p>
          </blockquote>
          <figcaption>
            <strong>{block.quote.person}</strong>, {block.quote.role}
          </figcaption>
        </figure>
      );
  }
}

export default function NewsPage() {
  return (
    <SubPage
      title={NEWS_INTRO.title}
      crumb={NEWS_INTRO.crumb}
      lead={
        <p>
          <time dateTime={PRESS_RELEASE_DATE.iso}>{PRESS_RELEASE_DATE.display}</time> · {NEWS_INTRO.lead}
        </p>
      }
    >
      <div className={styles.layout}>
        <section className={`${styles.panel} ${styles.linksPanel}`} aria-labelledby="release-links">
          <h2 id="release-links" className={styles.panelTitle}>
            Read, download, ask
          </h2>
          <ul className={styles.links}>
            <li>
              <a href={PUBLICATION_URL} target="_blank" rel="noopener noreferrer">
                Read the release on the alliance’s website
                <span className="wpc-visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <FormLink form="download">Download the scorecard</FormLink>
            </li>
            <li>
              <AppLink href="/scorecard/contact">Contact the scorecard team</AppLink>
            </li>
          </ul>
        </section>

        <section className={styles.release} aria-labelledby="release-headline">
          <p className={styles.label}>{RELEASE.label}</p>
          <h2 id="release-headline" className={styles.headline}>
            {RELEASE.headline}
          </h2>
          <p className={styles.dateline}>
            {RELEASE.place}, <time dateTime={PRESS_RELEASE_DATE.iso}>{PRESS_RELEASE_DATE.display}</time>
          </p>
          {RELEASE.blocks.map((block, index) => (
            <ReleaseBlockView key={index} block={block} />
          ))}
          {RELEASE.about.map((about) => (
            <div key={about.title} className={styles.about}>
              <h3 className={styles.subheading}>{about.title}</h3>
              <p>{about.text}</p>
            </div>
          ))}
          <p className={styles.end} aria-hidden="true">
            ###
          </p>
        </section>

        <section className={`${styles.panel} ${styles.contactsPanel}`} aria-labelledby="release-contacts">
          <h2 id="release-contacts" className={styles.panelTitle}>
            Press and contacts
          </h2>
          <ul className={styles.contacts}>
            {PRESS_CONTACTS.map((person) => (
              <li key={person.email} className={styles.contact}>
                <strong>{person.name}</strong>
                <span>{person.role}</span>
                <span>{person.organisation}</span>
                <a href={`mailto:${person.email}`}>{person.email}</a>
                {person.phone ? <a href={`tel:${person.phone.replaceAll(' ', '')}`}>{person.phone}</a> : null}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </SubPage>
  );
}
