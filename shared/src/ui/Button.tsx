import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary';
}

/** The site's one button look; defaults to type="button" so it never submits by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, variant === 'secondary' ? styles.secondary : styles.primary, className];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...rest} />;
}
