import styles from './InitialsAvatar.module.css';

const BACKGROUNDS = [
  'var(--wpc-color-forest)',
  'var(--wpc-color-sky)',
  'var(--wpc-color-ember-dark)',
  'var(--wpc-color-green)',
  'var(--wpc-color-ember)',
] as const;

/** "Dr. Elena Marquez" -> "EM": first and last name, titles such as "Dr." left out. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !word.endsWith('.'));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The same name always gets the same colour, on the server and in the browser. */
function backgroundFor(name: string): string {
  let sum = 0;
  for (const character of name) sum += character.codePointAt(0) ?? 0;
  return BACKGROUNDS[sum % BACKGROUNDS.length]!;
}

export interface InitialsAvatarProps {
  readonly name: string;
  readonly size?: 'md' | 'lg';
}

/**
 * Stands in for a person's photo. Decorative: the name is always printed next to it, so
 * assistive technology would only hear it twice.
 */
export function InitialsAvatar({ name, size = 'md' }: InitialsAvatarProps) {
  return (
    <span
      className={[styles.avatar, size === 'lg' ? styles.large : ''].filter(Boolean).join(' ')}
      style={{ background: backgroundFor(name) }}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}
