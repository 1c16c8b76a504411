import { useEffect, useState, type MouseEvent } from 'react';
import { whenIdle } from '@wpc/shared/area/hydration';
import { AppLink } from '@wpc/shared/navigation';
import { hasSiteChrome } from '@wpc/shared/routes';
import { usePathname } from '../location';
import { FOOTER_COLUMNS, SOCIAL_LINKS } from '../content/navigation';
import { EARLY_SHARE } from './share-box';
import { SocialIcon } from './SocialIcon';
import styles from './Footer.module.css';

// The dialog (and the UI kit behind it) is not part of the page's first load: it is fetched once
// the browser is idle after the page has started (or when a pointer or focus reaches the button).
// Until it has arrived, a tap is answered by the page's early share box (shared/build/early-controls.cjs).
let shareDialog: typeof import('./ShareDialog') | undefined;
const prefetchShareDialog = () =>
  void import('./ShareDialog').then((module) => (shareDialog = module)).catch(() => undefined);

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The footer's Share button and, once its code is here, the React share box. */
function ShareButton() {
  const [share, setShare] = useState<{ url: string; copied: boolean } | null>(null);

  const openShare = async (event: MouseEvent<HTMLButtonElement>) => {
    // Until the box's code has arrived, the page's early script answers with its own box at once
    // (a tap soon after load: 480-1,150 ms waiting for the chunk on a phone); once it is here, the
    // default prevented tells the early script that React has the button.
    if (!shareDialog) {
      prefetchShareDialog();
      return;
    }
    event.preventDefault();
    const url = window.location.href;
    setShare({ url, copied: await copyToClipboard(url) });
  };

  return (
    <>
      <button
        type="button"
        className={styles.share}
        data-early-share={EARLY_SHARE}
        onPointerDown={prefetchShareDialog}
        onFocus={prefetchShareDialog}
        onClick={openShare}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z"
          />
        </svg>
        Share this page
      </button>
      {share && shareDialog && <shareDialog.default {...share} onClose={() => setShare(null)} />}
    </>
  );
}

export function Footer() {
  const pathname = usePathname();
  // On every page, the console's too: the first idle task also marks where the page's first load
  // ends (IDLE_PREFETCH_MARK, which the size budgets read).
  useEffect(() => whenIdle(prefetchShareDialog), []);
  if (!hasSiteChrome(pathname)) return null;

  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className={styles.column}>
            <h2 className={styles.heading}>{column.title}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.href}>
                  <AppLink href={link.href}>{link.label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section className={styles.column} aria-labelledby="footer-follow">
          <h2 id="footer-follow" className={styles.heading}>
            Follow Us
          </h2>
          <ul className={styles.social}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${link.network} (opens in a new tab)`}
                >
                  <SocialIcon network={link.network} />
                </a>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <AppLink href="/scorecard/subscribe" className={styles.subscribe}>
              Subscribe
            </AppLink>
            <ShareButton />
          </div>
        </section>
      </div>
      <p className={styles.copyright}>© 2024-2025 Wildfire Prevention Consortium. All rights reserved.</p>
    </footer>
  );
}
