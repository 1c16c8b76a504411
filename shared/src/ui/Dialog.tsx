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

/** On <html>: the page does not scroll behind an open dialog (see tokens.css). */
export const SCROLL_LOCK_CLASS = 'wpc-scroll-locked';
/** On <html> with the lock, where the page's scrollbar takes room: that room is kept. */
export const SCROLL_GUTTER_CLASS = 'wpc-scroll-gutter';
let scrollLocks = 0;

/**
 * Classes, not a measured padding. The one layout read (is there a scrollbar taking room?) runs
 * after the dialog's first frame, when layout is already done: a classic scrollbar keeps its
 * gutter so the page does not move sideways; overlay scrollbars (phones) and hidden ones take no
 * room, so none is kept, which would narrow the page instead.
 */
function lockScroll(): void {
  scrollLocks += 1;
  const root = document.documentElement;
  if (scrollLocks === 1) root.classList.toggle(SCROLL_GUTTER_CLASS, window.innerWidth > root.clientWidth);
  root.classList.add(SCROLL_LOCK_CLASS);
}

function unlockScroll(): void {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks === 0) document.documentElement.classList.remove(SCROLL_LOCK_CLASS, SCROLL_GUTTER_CLASS);
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

  // Kept current for the document-level key trap, which is set up once per opening.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    let locked = false;
    const focusIn = () => {
      if (panel && !panel.contains(document.activeElement)) (focusableIn(panel)[0] ?? panel).focus();
    };
    /**
     * Focus and the scroll lock force a layout of the whole page; done inside the click they
     * delay the frame that shows the dialog. They run after that frame (focus at once if a key
     * comes first).
     */
    const settle = () => {
      if (!locked) lockScroll();
      locked = true;
      // A click inside the dialog may have put focus there already.
      focusIn();
    };
    // From the moment it opens, no key reaches the page behind: a key pressed while focus is
    // outside the dialog (before `settle`, or after a click on the backdrop) brings focus in.
    const trapKeys = (event: globalThis.KeyboardEvent) => {
      if (!panel || (event.target instanceof Node && panel.contains(event.target))) return;
      event.preventDefault();
      event.stopPropagation();
      if (event.key === 'Escape') {
        onCloseRef.current();
        return;
      }
      focusIn();
    };
    document.addEventListener('keydown', trapKeys, true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A task queued from the frame's callbacks runs after that frame has been painted.
      timer = setTimeout(settle, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('keydown', trapKeys, true);
      if (locked) unlockScroll();
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
