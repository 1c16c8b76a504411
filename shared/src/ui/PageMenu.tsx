import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import styles from './PageMenu.module.css';

/** Spec §9: in-page menus are collapsible at this width and below. */
export const MENU_BREAKPOINT = 1024;
/** Spec §9: a card's top lands this far below the sticky headers. */
export const SCROLL_GAP = 16;

const NARROW_QUERY = `(max-width: ${MENU_BREAKPOINT}px)`;

function isNarrow(): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(NARROW_QUERY).matches;
  return window.innerWidth <= MENU_BREAKPOINT;
}

/**
 * Whether the window is at or below the breakpoint; null until known. The server and the
 * first client render cannot know, so they render a markup whose look CSS media queries
 * decide (data-layout="auto"); the effect then settles it without changing what is seen.
 */
function useNarrow(): boolean | null {
  const [narrow, setNarrow] = useState<boolean | null>(null);
  useEffect(() => {
    const update = () => setNarrow(isNarrow());
    update();
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
    query?.addEventListener?.('change', update);
    window.addEventListener('resize', update);
    return () => {
      query?.removeEventListener?.('change', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return narrow;
}

/** Height of every sticky header on screen now: the shell's and any a remote adds. */
export function stickyHeaderHeight(): number {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-sticky-header]')).reduce(
    (sum, element) => sum + element.getBoundingClientRect().height,
    0,
  );
}

/** Scrolls smoothly so the element's top sits SCROLL_GAP below the sticky headers, then focuses it. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight() - SCROLL_GAP;
  const reduceMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: Math.max(0, top), behavior: reduceMotion ? 'auto' : 'smooth' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export interface PageMenuEntry {
  /** The id of the card this entry scrolls to. */
  readonly id: string;
  readonly label: string;
}

export interface PageMenuProps {
  readonly entries: readonly PageMenuEntry[];
  /** Told which card to highlight while an entry is hovered or focused, and null after. */
  readonly onHighlight?: (id: string | null) => void;
  readonly className?: string;
  /** The id of the entry to mark as the current one (aria-current), e.g. the card in view. */
  readonly currentId?: string | null;
}

/** The in-page menu titled PAGE MENU: always open on wide screens, a toggle on narrow ones. */
export function PageMenu({ entries, onHighlight, className, currentId }: PageMenuProps) {
  const narrow = useNarrow();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const layout = narrow === null ? 'auto' : narrow ? 'narrow' : 'wide';
  const open = narrow === false || expanded;

  useEffect(() => {
    if (!narrow || !expanded) return undefined;
    const collapseOutside = (event: PointerEvent | globalThis.MouseEvent) => {
      if (navRef.current && event.target instanceof Node && !navRef.current.contains(event.target)) setExpanded(false);
    };
    const collapseOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('mousedown', collapseOutside);
    document.addEventListener('keydown', collapseOnEscape);
    return () => {
      document.removeEventListener('mousedown', collapseOutside);
      document.removeEventListener('keydown', collapseOnEscape);
    };
  }, [narrow, expanded]);

  const follow = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    onHighlight?.(null);
    // Fold the menu first: measured with the list still open, the card would land a list's height too low.
    if (narrow) flushSync(() => setExpanded(false));
    scrollToSection(id);
  };

  const toggle = (
    <button
      ref={toggleRef}
      type="button"
      className={styles.toggle}
      aria-expanded={expanded}
      aria-controls={listId}
      onClick={() => setExpanded((value) => !value)}
    >
      PAGE MENU
      <svg className={styles.chevron} viewBox="0 0 12 8" width="12" height="8" aria-hidden="true" focusable="false">
        <path d="M1 1.5 6 6.5l5-5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
  const title = <h2 className={styles.title}>PAGE MENU</h2>;

  return (
    <nav
      ref={navRef}
      aria-label="Page menu"
      className={[styles.menu, className].filter(Boolean).join(' ')}
      data-layout={layout}
      data-expanded={expanded}
    >
      {layout !== 'narrow' ? title : null}
      {layout !== 'wide' ? toggle : null}
      <ul id={listId} className={styles.list} hidden={layout === 'auto' ? undefined : !open}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              className={styles.link}
              href={`#${entry.id}`}
              aria-current={currentId === entry.id ? 'location' : undefined}
              onClick={(event) => follow(event, entry.id)}
              onMouseEnter={() => onHighlight?.(entry.id)}
              onMouseLeave={() => onHighlight?.(null)}
              onFocus={() => onHighlight?.(entry.id)}
              onBlur={() => onHighlight?.(null)}
            >
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
