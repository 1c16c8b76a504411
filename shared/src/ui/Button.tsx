import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary';
}

/** The button look as class names, also for links that are calls to action. */
export function buttonClassName(variant: 'primary' | 'secondary' = 'primary', className?: string): string {
  return [styles.button, variant === 'secondary' ? styles.secondary : styles.primary, className]
    .filter(Boolean)
    .join(' ');
}

/** The site's one button look; defaults to type="button" so it never submits by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...rest} />;
}
