import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './HeroVideo.module.css';

export interface HeroVideoSource {
  readonly src: string;
  readonly type: string;
}

export interface HeroVideoProps {
  /** Painted first, by the server's HTML; the only picture for visitors who prefer less motion. */
  readonly poster: { readonly src: string; readonly width: number; readonly height: number };
  readonly sources: readonly HeroVideoSource[];
  readonly children: ReactNode;
  readonly className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True when the visitor asked for less motion or less data; read in effects only. */
function motionUnwanted(query: MediaQueryList): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return query.matches || connection?.saveData === true;
}

/**
 * A hero over a muted, looping background video. The poster is an ordinary image in the
 * prerendered HTML, so the video never delays the first paint: the video element is only
 * created after mount, and never for visitors who prefer reduced motion. It fades in once it
 * really plays, and a button pauses it (WCAG 2.2.2).
 */
export function HeroVideo({ poster, sources, children, className }: HeroVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [motionAllowed, setMotionAllowed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(REDUCED_MOTION);
    const update = () => setMotionAllowed(!motionUnwanted(query));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (paused) {
      video.pause();
      return;
    }
    video.muted = true;
    // A browser may refuse to autoplay (data saver, power saving): the poster simply stays.
    video.play().catch(() => undefined);
  }, [motionAllowed, paused]);

  return (
    <section className={[styles.hero, className].filter(Boolean).join(' ')}>
      <img
        className={styles.poster}
        src={poster.src}
        width={poster.width}
        height={poster.height}
        alt=""
        fetchPriority="high"
        decoding="async"
      />
      {motionAllowed ? (
        <video
          ref={videoRef}
          className={playing && !paused ? `${styles.video} ${styles.visible}` : styles.video}
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
          onPlaying={() => setPlaying(true)}
        >
          {sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
      ) : null}
      <div className={styles.content}>{children}</div>
      {motionAllowed ? (
        <button type="button" className={styles.toggle} onClick={() => setPaused((value) => !value)}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            {paused ? (
              <path d="M4 2v12l10-6z" fill="currentColor" />
            ) : (
              <path d="M3 2h3.5v12H3zM9.5 2H13v12H9.5z" fill="currentColor" />
            )}
          </svg>
          {paused ? 'Play background video' : 'Pause background video'}
        </button>
      ) : null}
    </section>
  );
}
