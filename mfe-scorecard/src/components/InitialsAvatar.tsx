import styles from './InitialsAvatar.module.css';

/** First letters of the first and last name, skipping titles such as "Dr.". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !/\.$/.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

const BACKGROUNDS = ['#1f5134', '#0f4c81', '#9a3412', '#6a4c93', '#2e7d32'];

export interface InitialsAvatarProps {
  readonly name: string;
  readonly size?: number;
}

/**
 * Stands in for a photo: the initials on a colour picked from the name, so it stays the same per
 * person. Decorative, as the name is always written beside it.
 */
export function InitialsAvatar({ name, size = 96 }: InitialsAvatarProps) {
  const hue = [...name].reduce((sum, character) => sum + character.charCodeAt(0), 0) % BACKGROUNDS.length;
  return (
    <svg className={styles.avatar} width={size} height={size} viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="48" fill={BACKGROUNDS[hue]} />
      <text x="48" y="48" dy="0.35em" textAnchor="middle" className={styles.initials}>
        {initialsOf(name)}
      </text>
    </svg>
  );
}
