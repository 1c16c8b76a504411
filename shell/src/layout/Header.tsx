import { useEffect, useId, useRef, useState } from 'react';
import { AppLink } from '@wpc/shared/navigation';
import { areaForPath, hasSiteChrome, normalisePath } from '@wpc/shared/routes';
import { MAIN_NAV, type MenuId, type NavLink } from '../content/navigation';
import { usePathname } from '../location';
import { Logo } from './Logo';
import styles from './Header.module.css';

function PageLink({
  link,
  current,
  className,
}: {
  readonly link: NavLink;
  readonly current: string;
  readonly className?: string;
}) {
  return (
    <li>
      <AppLink href={link.href} className={className} aria-current={current === link.href ? 'page' : undefined}>
        {link.label}
      </AppLink>
    </li>
  );
}

export function Header() {
  const pathname = normalisePath(usePathname());
  const area = areaForPath(pathname);
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [navOpen, setNavOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const navId = useId();

  // Any page change closes the menus (state adjusted while rendering, not in an effect).
  const [menusPath, setMenusPath] = useState(pathname);
  if (menusPath !== pathname) {
    setMenusPath(pathname);
    setOpenMenu(null);
    setNavOpen(false);
  }

  useEffect(() => {
    if (!openMenu && !navOpen) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) {
        setOpenMenu(null);
        setNavOpen(false);
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const toggle = openMenu
        ? headerRef.current?.querySelector<HTMLElement>(`[data-menu-toggle="${openMenu}"]`)
        : null;
      setOpenMenu(null);
      toggle?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [openMenu, navOpen]);

  // The team console is an app of its own, with its own navigation (no Subscribe, no Share).
  if (!hasSiteChrome(pathname)) return null;

  return (
    <header ref={headerRef} className={styles.header} data-sticky-header="">
      <div className={styles.bar}>
        <AppLink href="/" className={styles.brand} aria-label="Wildfire Prevention Consortium home">
          <Logo />
          <span className={styles.brandName}>Wildfire Prevention Consortium</span>
        </AppLink>
        <button
          type="button"
          className={styles.hamburger}
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setNavOpen((open) => !open)}
        >
          <span className={styles.hamburgerIcon} aria-hidden="true" />
          <span className="wpc-visually-hidden">{navOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav id={navId} aria-label="Main" className={styles.nav} data-open={navOpen}>
          <ul className={styles.list}>
            {MAIN_NAV.map((item) =>
              item.kind === 'link' ? (
                <PageLink key={item.href} link={item} current={pathname} className={styles.link} />
              ) : (
                <li key={item.id} className={styles.menuItem}>
                  <button
                    type="button"
                    className={styles.menuToggle}
                    data-menu-toggle={item.id}
                    aria-expanded={openMenu === item.id}
                    aria-controls={`${navId}-${item.id}`}
                    aria-current={area === item.area ? 'true' : undefined}
                    onClick={() => setOpenMenu((open) => (open === item.id ? null : item.id))}
                  >
                    {item.label}
                    <span className={styles.caret} aria-hidden="true" />
                  </button>
                  <ul id={`${navId}-${item.id}`} className={styles.dropdown} hidden={openMenu !== item.id}>
                    {item.links.map((link) => (
                      <PageLink key={link.href} link={link} current={pathname} className={styles.dropdownLink} />
                    ))}
                  </ul>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
