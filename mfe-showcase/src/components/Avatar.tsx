import { remoteFileUrl } from '../content/remote-files';
import styles from './Avatar.module.css';

/** "Grace Kim-Whitaker" -> "GK": first letters of the first and last names. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export interface AvatarProps {
  readonly name: string;
  /** File under public/, '' when there is no photo. */
  readonly photo: string;
  readonly size?: number;
}

/**
 * A person's photo, or their initials when there is none. Decorative: the name is always
 * printed beside it, so screen readers skip it.
 */
export function Avatar({ name, photo, size = 72 }: AvatarProps) {
  if (photo) {
    return (
      <img
        className={styles.avatar}
        src={remoteFileUrl(photo)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={styles.initials} style={{ width: size, height: size, fontSize: size * 0.38 }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
