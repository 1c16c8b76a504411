import { InitialsAvatar } from '../components/InitialsAvatar';
import { PartnerLogo } from '../components/PartnerLogo';
import { Section, SubPage } from '../components/SubPage';
import { ABOUT_INTRO } from '../content/about';
import { PARTNERS } from '../content/partners';
import { AUTHORS, COLLABORATORS, WEB_TEAM, type ContributorGroup } from '../content/people';
import styles from './ScorecardAboutPage.module.css';

function ContributorLists({ groups }: { readonly groups: readonly ContributorGroup[] }) {
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <section key={group.id} className={styles.group} aria-labelledby={group.id}>
          <h3 id={group.id} className={styles.groupTitle}>
            {group.title}
          </h3>
          <ul className={styles.people}>
            {group.people.map((person) => (
              <li key={person.name}>
                <strong>{person.name}</strong>
                <span>{person.affiliation}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function ScorecardAboutPage() {
  return (
    <SubPage title={ABOUT_INTRO.title} crumb={ABOUT_INTRO.crumb} lead={<p>{ABOUT_INTRO.lead}</p>}>
      <Section id="about-partners" title="Partner organisations">
        <ul className={styles.partners}>
          {PARTNERS.map((partner) => (
            <li key={partner.id} className={styles.partner}>
              <PartnerLogo id={partner.id} name={partner.name} height={56} className={styles.partnerLogo} decorative />
              <h3 className={styles.partnerName}>{partner.name}</h3>
              <p className={styles.partnerRole}>{partner.role}</p>
              <p>{partner.description}</p>
              <a href={partner.website} target="_blank" rel="noopener noreferrer" className={styles.partnerLink}>
                Visit the website<span className="wpc-visually-hidden"> of {partner.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="about-authors" title="Authors">
        <ul className={styles.authors}>
          {AUTHORS.map((author) => (
            <li key={author.id} className={styles.author}>
              {author.photo ? (
                <img
                  src={author.photo}
                  alt={`Portrait of ${author.name}`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className={styles.photo}
                />
              ) : (
                <InitialsAvatar name={author.name} />
              )}
              <div className={styles.authorBody}>
                <h3 className={styles.authorName}>{author.name}</h3>
                <p className={styles.authorRole}>
                  {author.role.map((line, index) => (
                    <span key={line} className={styles.roleLine}>
                      {index > 0 ? <span className="wpc-visually-hidden">, </span> : null}
                      {line}
                    </span>
                  ))}
                </p>
                <p>{author.description}</p>
                <a href={author.linkedin} target="_blank" rel="noopener noreferrer" className={styles.linkedin}>
                  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <rect width="24" height="24" rx="4" fill="#0a66c2" />
                    <path
                      d="M6.5 9.5h2.6V18H6.5zM7.8 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM10.9 9.5h2.5v1.2c.4-.7 1.3-1.4 2.7-1.4 2.8 0 3.3 1.8 3.3 4.2V18h-2.6v-4c0-1 0-2.2-1.4-2.2s-1.6 1-1.6 2.1V18h-2.6z"
                      fill="#fff"
                    />
                  </svg>
                  LinkedIn<span className="wpc-visually-hidden"> profile of {author.name} (opens in a new tab)</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="about-collaborators"
        title="Collaborators"
        intro={<p>Practitioners and researchers who wrote sections of the scorecard or reviewed it before launch.</p>}
      >
        <ContributorLists groups={COLLABORATORS} />
      </Section>

      <Section id="about-web-team" title="Web team">
        <ContributorLists groups={WEB_TEAM} />
      </Section>
    </SubPage>
  );
}
