import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './Dialog.module.css';

export interface DialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly children: ReactNode;
  /** When set, a second close control with this text sits at the bottom of the dialog. */
  readonly closeLinkLabel?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[aria-hidden="true"]') && element.tabIndex !== -1,
  );
}

const subscribeToNothing = () => () => undefined;

/**
 * False in prerendered HTML and while it is hydrated: the dialog lives in a portal on
 * document.body, which only the browser has, and a page must read without it (no JavaScript).
 */
function useCanPortal(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** Modal dialog: focus stays inside while open and goes back to the opener afterwards. */
export function Dialog({ open: wanted, onClose, title, children, closeLinkLabel }: DialogProps) {
  const open = useCanPortal() && wanted;
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const panel = panelRef.current;
    if (panel) (focusableIn(panel)[0] ?? panel).focus();
    return () => {
      document.body.style.overflow = overflow;
      // The opener may have been removed meanwhile; focusing a detached node is harmless.
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // A click on the backdrop does not close: a stray click must not throw away a half-filled form.
    <div className={styles.overlay}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the WAI-ARIA dialog pattern: Escape and the Tab trap are handled on the dialog itself */}
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.x} aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {closeLinkLabel ? (
          <div className={styles.foot}>
            <button type="button" className={styles.closeLink} onClick={onClose}>
              {closeLinkLabel}
            </button>
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
