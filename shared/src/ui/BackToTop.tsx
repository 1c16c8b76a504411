import { useEffect, useState } from 'react';
import styles from './BackToTop.module.css';

/** Spec §9: shown once the page is scrolled more than this. */
export const BACK_TO_TOP_THRESHOLD = 100;

export interface BackToTopProps {
  /**
   * Where keyboard focus goes after the jump (the button itself disappears at the top):
   * by default the site's main landmark, the skip link's target.
   */
  readonly focusTargetId?: string;
}

export function BackToTop({ focusTargetId = 'main' }: BackToTopProps) {
  // Hidden on the server and the first client render; the effect reads the real scroll.
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  const toTop = () => {
    const reduceMotion =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className={styles.button} onClick={toTop}>
      <svg className={styles.arrow} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M8 13V3M3.5 7.5 8 3l4.5 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Back to top
    </button>
  );
}
