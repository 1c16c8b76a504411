import { useEffect, useRef, useState } from 'react';
import styles from './ClipPlayer.module.css';

export interface ClipPlayerProps {
  /** The hosted video's id. */
  readonly videoId: string;
  /** What the clip shows; names the play button and the embedded frame. */
  readonly title: string;
  readonly previewSrc: string;
  readonly previewAlt?: string;
  /** Clip bounds in seconds. */
  readonly start?: number;
  readonly end?: number;
}

export function clipEmbedUrl(videoId: string, start?: number, end?: number): string {
  const params = new URLSearchParams({ autoplay: '1', mute: '0', cc_load_policy: '1', cc_lang_pref: 'en', hl: 'en', rel: '0' });
  if (start !== undefined) params.set('start', String(Math.floor(start)));
  if (end !== undefined) params.set('end', String(Math.floor(end)));
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params.toString()}`;
}

/**
 * A preview image with a play button; the embedded player is only created on click, so a page
 * full of clips loads no video iframes until one is wanted. There is no way back (spec §4).
 */
export function ClipPlayer({ videoId, title, previewSrc, previewAlt = '', start, end }: ClipPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // Keyboard users keep their place: focus moves from the removed button to the player.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <div className={styles.player}>
      {playing ? (
        <iframe
          ref={frameRef}
          className={styles.frame}
          src={clipEmbedUrl(videoId, start, end)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className={styles.preview} onClick={() => setPlaying(true)} aria-label={`Play ${title}`}>
          <img className={styles.image} src={previewSrc} alt={previewAlt} loading="lazy" />
          <span className={styles.play} aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
        </button>
      )}
    </div>
  );
}
