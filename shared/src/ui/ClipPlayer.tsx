import { useEffect, useRef, useState } from 'react';
import styles from './ClipPlayer.module.css';

const HMS_PART = /^\d+$/;

/**
 * Seconds from an "h:m:s", "m:s" or "s" time as editors copy it from the video site
 * ("1:02:03" is 3723). Minutes and seconds below a larger unit must be under 60; anything
 * else throws, so a typo in the content fails its data test instead of cutting a clip short.
 */
export function hmsToSeconds(value: string): number {
  const parts = value.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !HMS_PART.test(part))) {
    throw new Error(`Not an h:m:s time: "${value}"`);
  }
  const numbers = parts.map(Number);
  if (numbers.slice(1).some((part) => part >= 60)) {
    throw new Error(`Minutes and seconds must be under 60 in "${value}"`);
  }
  return numbers.reduce((total, part) => total * 60 + part, 0);
}

/** A hosted video and, for a clip of it, its bounds in seconds. */
export interface VideoClip {
  readonly id: string;
  readonly start?: number;
  readonly end?: number;
}

/** A clip written as the editors note it: the video's id and "h:m:s" bounds. */
export function clipFromTimes(id: string, start: string, end: string): VideoClip {
  return { id, start: hmsToSeconds(start), end: hmsToSeconds(end) };
}

/** The embed address: autoplay with sound, English captions on, limited to the clip (spec §4). */
export function clipEmbedUrl(videoId: string, start?: number, end?: number): string {
  const params = new URLSearchParams({
    autoplay: '1',
    mute: '0',
    cc_load_policy: '1',
    cc_lang_pref: 'en',
    hl: 'en',
    playsinline: '1',
    rel: '0',
  });
  if (start !== undefined) params.set('start', String(Math.floor(start)));
  if (end !== undefined) params.set('end', String(Math.floor(end)));
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params.toString()}`;
}

export interface ClipPlayerProps {
  /** The hosted video's id; an empty id means there is no video, and nothing is rendered. */
  readonly videoId: string;
  /** What the clip shows; names the play button and the embedded frame. */
  readonly title: string;
  readonly previewSrc: string;
  readonly previewAlt?: string;
  /** The preview's intrinsic size, so it takes its space before it loads. */
  readonly previewWidth?: number;
  readonly previewHeight?: number;
  /** Clip bounds in seconds. */
  readonly start?: number;
  readonly end?: number;
}

/**
 * A preview image with a play button; the embedded player is only created on click, so a page
 * full of clips loads no video iframes until one is wanted. There is no way back (spec §4).
 */
export function ClipPlayer({
  videoId,
  title,
  previewSrc,
  previewAlt = '',
  previewWidth = 640,
  previewHeight = 360,
  start,
  end,
}: ClipPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // Keyboard users keep their place: focus moves from the removed button to the player.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  if (!videoId.trim()) return null;

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
          <img
            className={styles.image}
            src={previewSrc}
            alt={previewAlt}
            width={previewWidth}
            height={previewHeight}
            loading="lazy"
            decoding="async"
          />
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
