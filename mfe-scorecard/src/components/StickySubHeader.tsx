import { useEffect, useState } from 'react';
import type { Partner } from '../content/partners';
import { PartnerLogo } from './PartnerLogo';
import { nextSubHeaderState, type SubHeaderState } from './sub-header-state';
import styles from './StickySubHeader.module.css';

export interface StickySubHeaderProps {
  readonly title: string;
  readonly partners: readonly Partner[];
}

/**
 * The landing page's sub-header: it sticks below the site header, and PageMenu counts it
 * (data-sticky-header) when it scrolls a card into view. data-state exposes its style.
 */
export function StickySubHeader({ title, partners }: StickySubHeaderProps) {
  // The server and the first client render agree on 'initial'; the scroll is read once mounted.
  const [state, setState] = useState<SubHeaderState>('initial');

  useEffect(() => {
    const update = () => setState((current) => nextSubHeaderState(current, window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <div className={styles.subHeader} data-sticky-header="" data-state={state}>
      <div className={styles.inner}>
        <h2 className={styles.title}>{title}</h2>
        <ul className={styles.logos} aria-label="Scorecard partners">
          {partners.map((partner) => (
            <li key={partner.id} className={styles.logo}>
              <PartnerLogo id={partner.id} name={partner.name} className={styles.logoImage} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
