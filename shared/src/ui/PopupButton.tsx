import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from './Button';
import styles from './Button.module.css';

/** A page with what a pop-up shows: where its button leads before the page's scripts run, or without them. */
export interface PopupPage {
  readonly path: string;
  /** Sent as the page's query: no personal data, only what the pop-up would have been told. */
  readonly query?: Readonly<Record<string, string>>;
}

export interface PopupButtonProps extends Omit<ButtonProps, 'type' | 'onClick'> {
  readonly onOpen: () => void;
  readonly page?: PopupPage;
}

/**
 * A button that opens a pop-up. With a page, it is the submit button of a plain GET form that
 * leads there: pressed before the page is hydrated (a slow phone) or with scripts off, the visitor
 * gets the same content as a page; once scripts run, the pop-up opens instead, as before.
 */
export function PopupButton({ onOpen, page, ...buttonProps }: PopupButtonProps) {
  if (!page) return <Button aria-haspopup="dialog" {...buttonProps} onClick={onOpen} />;
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onOpen();
  };
  return (
    <form method="get" action={page.path} className={styles.popupPage}>
      {Object.entries(page.query ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button aria-haspopup="dialog" {...buttonProps} type="submit" onClick={open} />
    </form>
  );
}
