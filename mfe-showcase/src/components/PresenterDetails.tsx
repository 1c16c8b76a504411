import { remoteFileUrl } from '../content/remote-files';
import type { Presenter } from '../content/presentation-types';
import { Avatar } from './Avatar';
import { ExternalLink } from './ExternalLink';
import styles from './PresenterDetails.module.css';

/** A presenter: photo or initials, name, role, organisation with its logo, location and links. */
export function PresenterDetails({ presenter }: { readonly presenter: Presenter }) {
  return (
    <div className={styles.presenter}>
      <Avatar name={presenter.name} photo={presenter.photo} />
      <div className={styles.text}>
        <p className={styles.name}>{presenter.name}</p>
        <p className={styles.role}>
          {presenter.role}, {presenter.orgName}
        </p>
        <p className={styles.location}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path
              d="M8 1a5 5 0 0 0-5 5c0 4 5 9 5 9s5-5 5-9a5 5 0 0 0-5-5zm0 7a2 2 0 1 1 0-4 2 2 0 0 1 0 4z"
              fill="currentColor"
            />
          </svg>
          <span className="wpc-visually-hidden">Location: </span>
          {presenter.location}
        </p>
        {presenter.linkedinPersonal || presenter.linkedin ? (
          <ul className={styles.links}>
            {presenter.linkedinPersonal ? (
              <li>
                <ExternalLink href={presenter.linkedinPersonal}>{presenter.name} on LinkedIn</ExternalLink>
              </li>
            ) : null}
            {presenter.linkedin ? (
              <li>
                <ExternalLink href={presenter.linkedin}>{presenter.orgName} on LinkedIn</ExternalLink>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      {presenter.orgLogo ? (
        <img
          className={styles.logo}
          src={remoteFileUrl(presenter.orgLogo)}
          alt={presenter.orgLogoAlt || `${presenter.orgName} logo`}
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
        />
      ) : null}
    </div>
  );
}
