import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { whenIdle } from '@wpc/shared/area/hydration';
import { AppLink } from '@wpc/shared/navigation';
import { hasSiteChrome } from '@wpc/shared/routes';
import { usePathname } from '../location';
import { FOOTER_COLUMNS, SOCIAL_LINKS } from '../content/navigation';
import type { ShareDialogProps } from './ShareDialog';
import { EARLY_SHARE } from './share-box';
import { SocialIcon } from './SocialIcon';
import styles from './Footer.module.css';

// The dialog (and the UI kit behind it) is not part of the page's first load: it is fetched once
// the browser is idle after the page has started (or when a pointer or focus reaches the button),
// so the box opens at once when someone shares.
let shareDialog: typeof import('./ShareDialog') | undefined;
const loadShareDialog = () => import('./ShareDialog').then((module) => (shareDialog = module));
const prefetchShareDialog = () => void loadShareDialog().catch(() => undefined);
// Only while the module has not arrived: React holds a suspended boundary's content back 300 ms.
const LazyShareDialog = lazy(loadShareDialog);

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function ShareBox(props: ShareDialogProps) {
  const ShareDialog = shareDialog?.default;
  if (ShareDialog) return <ShareDialog {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyShareDialog {...props} />
    </Suspense>
  );
}

export function Footer() {
  const pathname = usePathname();
  const [share, setShare] = useState<{ url: string; copied: boolean } | null>(null);
  useEffect(() => whenIdle(prefetchShareDialog), []);

  const openShare = async (event: MouseEvent<HTMLButtonElement>) => {
    // The page's early script opened its own box until now; the default prevented tells it React has the button.
    event.preventDefault();
    const url = window.location.href;
    setShare({ url, copied: await copyToClipboard(url) });
  };

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
          </div>
        </section>
      </div>
      <p className={styles.copyright}>© 2024-2025 Wildfire Prevention Consortium. All rights reserved.</p>
      {share && <ShareBox {...share} onClose={() => setShare(null)} />}
    </footer>
  );
}
