import { usePageData } from '@wpc/shared/area';
import { FormButton } from '@wpc/shared/forms/on-demand';
import { AppLink } from '@wpc/shared/navigation';
import { Accordion, BackToTop } from '@wpc/shared/ui';
import {
  ACCOMPLISHMENTS,
  BENEFITS,
  BENEFITS_INTRO,
  BENEFITS_TITLE,
  CURRENT_SPONSORS,
  OPPORTUNITIES,
  PACKAGE_TABLE,
  SPONSOR_CALL_TO_ACTION,
  SPONSOR_LEVELS,
  SPONSORS_HERO,
  WHO_WE_ARE,
  type Entitlement,
} from '../content/sponsors';
import { Illustration } from '../components/Illustration';
import { InitialsAvatar } from '../components/InitialsAvatar';
import type { SponsorsPageData, SponsorView } from '../content/page-data';
import page from './page.module.css';
import { PageSection } from '../components/PageSection';
import styles from './SponsorsPage.module.css';

const benefitItems = BENEFITS.map((benefit) => ({ question: benefit.title, answer: benefit.text }));

function EntitlementCell({ entitlement }: { readonly entitlement: Entitlement }) {
  if (!entitlement.included) {
    return (
      <td className={styles.excluded}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M4 8h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="wpc-visually-hidden">Not included</span>
      </td>
    );
  }
  return (
    <td className={styles.included}>
      <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="m3 8.5 3.2 3L13 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {entitlement.detail ? (
        <span className={styles.detail}>{entitlement.detail}</span>
      ) : (
        <span className="wpc-visually-hidden">Included</span>
      )}
    </td>
  );
}

/** A sponsor's logo (lazy: it is far below the fold) or its initials, then its name, linked to its site. */
function Sponsor({ sponsor }: { readonly sponsor: SponsorView }) {
  const name = sponsor.website ? (
    <a href={sponsor.website} target="_blank" rel="noopener noreferrer">
      {sponsor.name}
      <span className="wpc-visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    sponsor.name
  );
  return (
    <li className={styles.sponsor}>
      {sponsor.logo ? (
        <img
          className={styles.sponsorLogo}
          src={sponsor.logo.src}
          srcSet={sponsor.logo.srcSet}
          sizes="96px"
          alt={sponsor.logo.alt}
          width={96}
          height={Math.round((96 * sponsor.logo.height) / sponsor.logo.width)}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <InitialsAvatar name={sponsor.name} />
      )}
      <p className={styles.sponsorName}>{name}</p>
      <p className={styles.sponsorLevel}>{sponsor.levelLabel} sponsor</p>
    </li>
  );
}

export default function SponsorsPage() {
  const { sponsors, reachLine } = usePageData<SponsorsPageData>();
  return (
    <article>
      <header className={page.hero}>
        <div className={`${page.inner} ${page.heroGrid}`}>
          <div>
            <p className={page.eyebrow}>{SPONSORS_HERO.eyebrow}</p>
            <h1 className={page.title}>{SPONSORS_HERO.title}</h1>
            <p className={page.lead}>{SPONSORS_HERO.lead}</p>
            <div className={page.actions}>
              <AppLink href={SPONSORS_HERO.joinLink.href} className={page.buttonLink}>
                {SPONSORS_HERO.joinLink.label}
              </AppLink>
              <a href="#sponsor-packages" className={page.textLink}>
                See the packages
              </a>
            </div>
          </div>
          <Illustration image={SPONSORS_HERO.image} className={page.heroImage} />
        </div>
      </header>

      <div className={page.inner}>
        <section className={page.section} aria-labelledby="sponsors-benefits">
          <div className={styles.benefitsGrid}>
            <div>
              <h2 id="sponsors-benefits" className={page.sectionTitle}>
                {BENEFITS_TITLE}
              </h2>
              <p className={styles.benefitsIntro}>{BENEFITS_INTRO}</p>
            </div>
            <Accordion items={benefitItems} headingLevel={3} className={styles.benefits} />
          </div>
        </section>

        <section
          id="sponsor-packages"
          className={`${page.section} ${styles.anchor}`}
          aria-labelledby="sponsors-packages"
        >
          <h2 id="sponsors-packages" className={page.sectionTitle}>
            {PACKAGE_TABLE.title}
          </h2>
          <div className={styles.tableFrame}>
            <table className={styles.table}>
              <caption className={styles.caption}>{PACKAGE_TABLE.caption}</caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.benefitColumn}>
                    Benefit
                  </th>
                  {SPONSOR_LEVELS.map((level) => (
                    <th key={level.id} scope="col" className={`${styles.level} ${styles[level.id] ?? ''}`}>
                      <span className={styles.levelName}>{level.name}</span>{' '}
                      <span className={styles.price}>{level.price}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PACKAGE_TABLE.rows.map((row) => (
                  <tr key={row.benefit}>
                    <th scope="row">{row.benefit}</th>
                    {SPONSOR_LEVELS.map((level) => (
                      <EntitlementCell key={level.id} entitlement={row.levels[level.id]} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.tableNote}>{PACKAGE_TABLE.note}</p>
        </section>

        <section className={page.section} aria-labelledby="sponsors-accomplishments">
          <div className={styles.accomplishments}>
            <h2 id="sponsors-accomplishments" className={styles.accomplishmentsTitle}>
              {ACCOMPLISHMENTS.title}
            </h2>
            <ul className={styles.figures}>
              {ACCOMPLISHMENTS.items.map((item) => (
                <li key={item.label} className={styles.figureItem}>
                  <span className={styles.figure}>{item.figure}</span>{' '}
                  <span className={styles.figureLabel}>{item.label}</span>
                </li>
              ))}
            </ul>
            {reachLine && <p className={styles.reachLine}>{reachLine}</p>}
          </div>
        </section>

        <PageSection id="sponsors-opportunities" title={OPPORTUNITIES.title} intro={OPPORTUNITIES.intro}>
          <ul className={styles.opportunities}>
            {OPPORTUNITIES.items.map((item) => (
              <li key={item.title} className={styles.opportunity}>
                <h3 className={styles.opportunityTitle}>{item.title}</h3>
                <p className={styles.opportunityText}>{item.text}</p>
              </li>
            ))}
          </ul>
        </PageSection>

        <PageSection id="sponsors-who" title={WHO_WE_ARE.title}>
          <p className={styles.whoText}>{WHO_WE_ARE.text}</p>
          <AppLink href={WHO_WE_ARE.link.href} className={page.textLink}>
            {WHO_WE_ARE.link.label}
          </AppLink>
        </PageSection>

        {sponsors.length > 0 ? (
          <PageSection id="sponsors-current" title={CURRENT_SPONSORS.title} intro={CURRENT_SPONSORS.intro}>
            <ul className={styles.sponsors}>
              {sponsors.map((sponsor) => (
                <Sponsor key={sponsor.name} sponsor={sponsor} />
              ))}
            </ul>
          </PageSection>
        ) : null}

        <section className={page.callout} aria-labelledby="sponsors-cta">
          <h2 id="sponsors-cta">{SPONSOR_CALL_TO_ACTION.title}</h2>
          <p>{SPONSOR_CALL_TO_ACTION.text}</p>
          <FormButton form="sponsor">{SPONSOR_CALL_TO_ACTION.buttonLabel}</FormButton>
        </section>
      </div>
      <BackToTop />
    </article>
  );
}
