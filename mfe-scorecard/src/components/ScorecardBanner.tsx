import { useId } from 'react';
import { FormButton } from '@wpc/shared/forms/on-demand';
import { LANDING_BANNER } from '../content/landing';
import { BannerIllustration } from './BannerIllustration';
import styles from './ScorecardBanner.module.css';

/**
 * The landing banner: its title, the two-line tagline, the picture with its credit and the
 * download; the public reach line under the introduction when the team switched it on.
 */
export function ScorecardBanner({ reachLine }: { readonly reachLine: string | null }) {
  const titleId = useId();
  const [destroy, saves] = LANDING_BANNER.tagline;
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <figure className={styles.figure}>
        <BannerIllustration className={styles.art} label={LANDING_BANNER.imageLabel} />
        <figcaption className={styles.credit}>{LANDING_BANNER.credit}</figcaption>
      </figure>
      <div className={styles.content}>
        <h1 id={titleId} className={styles.title}>
          {LANDING_BANNER.title}
        </h1>
        <p className={styles.tagline}>
          <span className={styles.line}>{destroy}</span>
          <span className="wpc-visually-hidden"> / </span>
          <span className={`${styles.line} ${styles.saves}`}>{saves}</span>
        </p>
        <p className={styles.introduction}>{LANDING_BANNER.introduction}</p>
        {reachLine && <p className={styles.reach}>{reachLine}</p>}
        <FormButton form="download" scorecardForm>
          {LANDING_BANNER.downloadLabel}
        </FormButton>
      </div>
    </section>
  );
}
