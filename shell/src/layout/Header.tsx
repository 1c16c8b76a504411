import { useEffect, useId, useRef, useState } from 'react';
import { AppLink } from '@wpc/shared/navigation';
import { areaForPath, normalisePath } from '@wpc/shared/routes';
import { MAIN_NAV, type MenuId } from '../content/navigation';
import { usePathname } from '../location';
import { Logo } from './Logo';
import styles from './Header.module.css';

export function Header() {
  const pathname = normalisePath(usePathname());
  const area = areaForPath(pathname);
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [navOpen, setNavOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const navId = useId();

  // Any page change closes the menus.
  useEffect(() => {
    setOpenMenu(null);
    setNavOpen(false);
  }, [pathname]);

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
      const toggle = openMenu ? headerRef.current?.querySelector<HTMLElement>(`[data-menu-toggle="${openMenu}"]`) : null;
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
                <li key={item.href}>
                  <AppLink
                    href={item.href}
                    className={styles.link}
                    aria-current={pathname === item.href ? 'page' : undefined}
                  >
                    {item.label}
                  </AppLink>
                </li>
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
                      <li key={link.href}>
                        <AppLink
                          href={link.href}
                          className={styles.dropdownLink}
                          aria-current={pathname === link.href ? 'page' : undefined}
                        >
                          {link.label}
                        </AppLink>
                      </li>
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
