import { usePageData } from '@wpc/shared/area';
import { AppLink } from '@wpc/shared/navigation';
import { BackToTop } from '@wpc/shared/ui';
import {
  ABOUT_CALL_TO_ACTION,
  ABOUT_HERO,
  ABOUT_US,
  CURATION_PARTNERS,
  LEADERS_TITLE,
  TEAM,
  WHAT_WE_DO,
} from '../content/about';
import type { AboutPageData, PersonView } from '../content/page-data';
import { Illustration } from '../components/Illustration';
import { InitialsAvatar } from '../components/InitialsAvatar';
import page from './page.module.css';
import { PageSection } from '../components/PageSection';
import styles from './AboutPage.module.css';

function Portrait({ person, size }: { readonly person: PersonView; readonly size: 'md' | 'lg' }) {
  if (!person.photo) return <InitialsAvatar name={person.name} size={size} />;
  const pixels = size === 'lg' ? 104 : 64;
  return (
    <img
      className={styles.photo}
      src={person.photo.src}
      srcSet={person.photo.srcSet}
      sizes={`${pixels}px`}
      alt={person.photo.alt}
      width={pixels}
      height={pixels}
      loading="lazy"
    />
  );
}

function LinkedInLink({ person }: { readonly person: PersonView }) {
  if (!person.linkedin) return null;
  return (
    <a className={styles.linkedin} href={person.linkedin} target="_blank" rel="noopener noreferrer">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4v11H3zm6.5 0h3.8v1.5h.06c.53-1 1.83-1.75 3.64-1.75 3.9 0 4.5 2.3 4.5 5.3v5.95h-4v-5.3c0-1.3-.03-2.9-1.8-2.9s-2.2 1.38-2.2 2.8v5.4h-4z"
        />
      </svg>
      LinkedIn<span className="wpc-visually-hidden"> profile of {person.name} (opens in a new tab)</span>
    </a>
  );
}

/** A titled list of team members, names with their roles (the core team and those who served before). */
function TeamList({
  id,
  title,
  members,
}: {
  readonly id: string;
  readonly title: string;
  readonly members: readonly PersonView[];
}) {
  return (
    <section className={styles.teamList} aria-labelledby={id}>
      <h3 id={id} className={styles.teamTitle}>
        {title}
      </h3>
      <ul className={styles.names}>
        {members.map((member) => (
          <li key={member.name}>
            <span className={styles.memberName}>{member.name}</span>
            <span className="wpc-visually-hidden">, </span>
            <span className={styles.memberRole}>{member.role}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AboutPage() {
  const { leaders, curationPartners, core, past } = usePageData<AboutPageData>();
  return (
    <article>
      <header className={page.hero}>
        <div className={`${page.inner} ${page.heroGrid}`}>
          <div>
            <h1 className={page.title}>{ABOUT_HERO.title}</h1>
            <p className={page.lead}>{ABOUT_HERO.lead}</p>
          </div>
          <Illustration image={ABOUT_HERO.image} className={page.heroImage} />
        </div>
      </header>

      <div className={page.inner}>
        <section className={`${page.section} ${styles.story}`} aria-labelledby="about-who">
          <div>
            <h2 id="about-who" className={page.sectionTitle}>
              {ABOUT_US.title}
            </h2>
            {ABOUT_US.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </div>
          <div className={styles.pillars}>
            <h3 className={styles.pillarsTitle}>{WHAT_WE_DO.title}</h3>
            <ul className={styles.pillarList}>
              {WHAT_WE_DO.items.map((item) => (
                <li key={item.title} className={styles.pillar}>
                  <h4 className={styles.pillarTitle}>{item.title}</h4>
                  <p className={styles.pillarText}>{item.text}</p>
                  <AppLink href={item.href} className={page.textLink}>
                    {item.linkLabel}
                  </AppLink>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <PageSection id="about-leaders" title={LEADERS_TITLE}>
          <ul className={styles.leaders}>
            {leaders.map((leader) => (
              <li key={leader.name} className={styles.leader}>
                <Portrait person={leader} size="lg" />
                <div className={styles.leaderText}>
                  <h3 className={styles.leaderName}>{leader.name}</h3>
                  <p className={styles.role}>{leader.role}</p>
                  {leader.bio ? <p className={styles.bio}>{leader.bio}</p> : null}
                  <LinkedInLink person={leader} />
                </div>
              </li>
            ))}
          </ul>
        </PageSection>

        <PageSection id="about-curation" title={CURATION_PARTNERS.title} intro={CURATION_PARTNERS.intro}>
          <ul className={styles.partners}>
            {curationPartners.map((person) => (
              <li key={person.name} className={styles.partner}>
                <Portrait person={person} size="md" />
                <h3 className={styles.partnerName}>{person.name}</h3>
                <p className={styles.partnerRole}>{person.role}</p>
                <LinkedInLink person={person} />
              </li>
            ))}
          </ul>
        </PageSection>

        <PageSection id="about-team" title={TEAM.title} intro={TEAM.intro}>
          <div className={styles.teamLists}>
            <TeamList id="about-team-core" title={TEAM.coreTitle} members={core} />
            <TeamList id="about-team-past" title={TEAM.pastTitle} members={past} />
          </div>
        </PageSection>

        <section className={page.callout} aria-labelledby="about-cta">
          <h2 id="about-cta">{ABOUT_CALL_TO_ACTION.title}</h2>
          <p>{ABOUT_CALL_TO_ACTION.text}</p>
          <AppLink href={ABOUT_CALL_TO_ACTION.link.href} className={`${page.buttonLink} ${page.buttonLinkSecondary}`}>
            {ABOUT_CALL_TO_ACTION.link.label}
          </AppLink>
        </section>
      </div>
      <BackToTop />
    </article>
  );
}
