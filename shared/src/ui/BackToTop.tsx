import { useEffect, useState } from 'react';
import styles from './BackToTop.module.css';

/** Spec §9: shown once the page is scrolled more than this. */
export const BACK_TO_TOP_THRESHOLD = 100;

export function BackToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  const toTop = () => {
    const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  };
  return (
    <button type="button" className={styles.button} onClick={toTop}>
      <span aria-hidden="true">↑</span> Back to top
    </button>
  );
}
