import { useState, type MouseEvent } from 'react';
import { mapPageCopy as copy } from '../content/map-page';
import { badgeColourOf, initialsOf, matchesFilter, type ListedOrganisation } from '../map/organisations';
import styles from './OrganisationList.module.css';

export interface OrganisationListProps {
  readonly organisations: readonly ListedOrganisation[];
  /** Sends the map to an organisation; absent while the map cannot be shown. */
  readonly onShowOnMap?: (id: string, button: HTMLButtonElement) => void;
}

export const ORGANISATION_LIST_ID = 'showcase-organisations';
const LOGO_SIZE = 48;

function OrganisationBadge({ organisation }: { readonly organisation: ListedOrganisation }) {
  // The name is right beside the badge, so the picture itself is decorative here.
  if (organisation.orgLogo) {
    return (
      <img
        className={styles.badge}
        src={organisation.orgLogo}
        alt=""
        width={LOGO_SIZE}
        height={LOGO_SIZE}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      className={`${styles.badge} ${styles.initials}`}
      style={{ backgroundColor: badgeColourOf(organisation.orgName) }}
      aria-hidden="true"
    >
      {initialsOf(organisation.orgName)}
    </span>
  );
}

/** The map's text alternative: every organisation, filterable, each one able to send the map to it. */
export function OrganisationList({ organisations, onShowOnMap }: OrganisationListProps) {
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const shown = organisations.filter((organisation) => matchesFilter(organisation, trimmed));
  const plottedCount = organisations.filter((organisation) => organisation.position).length;

  const show = (id: string) => (event: MouseEvent<HTMLButtonElement>) => onShowOnMap?.(id, event.currentTarget);

  return (
    <section className={styles.section} aria-labelledby={`${ORGANISATION_LIST_ID}-heading`} id={ORGANISATION_LIST_ID}>
      <h2 id={`${ORGANISATION_LIST_ID}-heading`} className={styles.heading} tabIndex={-1}>
        {copy.listHeading}
      </h2>
      <p className={styles.intro}>{copy.listIntro}</p>

      <div className={styles.filter}>
        <label htmlFor={`${ORGANISATION_LIST_ID}-filter`}>{copy.filterLabel}</label>
        <input
          id={`${ORGANISATION_LIST_ID}-filter`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          aria-describedby={`${ORGANISATION_LIST_ID}-hint`}
        />
        <p id={`${ORGANISATION_LIST_ID}-hint`} className={styles.hint}>
          {copy.filterHint}
        </p>
      </div>

      <p className={styles.summary} role="status">
        {trimmed
          ? copy.summaryFiltered(shown.length, organisations.length, trimmed)
          : copy.summaryAll(organisations.length, plottedCount)}
      </p>

      {shown.length === 0 ? (
        <p className={styles.empty}>{copy.noMatch}</p>
      ) : (
        <ul className={styles.list}>
          {shown.map((organisation) => (
            <li key={organisation.id} className={styles.item}>
              <OrganisationBadge organisation={organisation} />
              <div className={styles.body}>
                <h3 className={styles.name}>{organisation.orgName}</h3>
                <p className={styles.description}>{organisation.shortDescription}</p>
                <div className={styles.actions}>
                  {organisation.position === null ? (
                    <p className={styles.notOnMap}>{copy.notOnMap}</p>
                  ) : (
                    onShowOnMap && (
                      <button type="button" className={styles.showButton} onClick={show(organisation.id)}>
                        {copy.showOnMap}
                        <span className="wpc-visually-hidden"> ({organisation.orgName})</span>
                      </button>
                    )
                  )}
                  <a className={styles.website} href={organisation.website} target="_blank" rel="noopener">
                    {copy.website}
                    <span className="wpc-visually-hidden">{` (${organisation.orgName}, ${copy.opensInNewTab})`}</span>
                  </a>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
