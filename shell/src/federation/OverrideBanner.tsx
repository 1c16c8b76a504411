import { createRoot } from 'react-dom/client';
import { AppLink } from '@wpc/shared/navigation';
import { REMOTE_AREAS } from '@wpc/shared/routes';
import { clearOverrides, readOverrides, type OverrideStorage, type RemoteOverrides } from './overrides';
import styles from './OverrideBanner.module.css';

export interface OverrideBannerProps {
  readonly overrides: RemoteOverrides;
  readonly onReset: () => void;
}

/** Says, on every page, which remotes this browser loads from a developer's own URL. */
export function OverrideBanner({ overrides, onReset }: OverrideBannerProps) {
  const areas = REMOTE_AREAS.filter((area) => overrides[area]);
  return (
    <section className={styles.banner} aria-label="Remote overrides">
      <p className={styles.text}>
        <strong>Remote overrides are on in this browser.</strong> Loaded from your URLs instead of remotes.json:
      </p>
      <ul className={styles.list}>
        {areas.map((area) => (
          <li key={area}>
            <code>{area}</code> → <code>{overrides[area]}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <AppLink href="/dev/remotes">Change overrides</AppLink>
        <button type="button" className={styles.reset} onClick={onReset}>
          Reset overrides
        </button>
      </div>
    </section>
  );
}

/**
 * Shows the banner above the header when this browser has overrides, and logs the ones it
 * ignored. Client-only: it sits outside the server-rendered parts of the page.
 */
export function showOverrideBanner(storage: OverrideStorage | null): void {
  const { overrides, rejected } = readOverrides(storage);
  for (const entry of rejected) console.warn(`Remote override for "${entry.area}" ignored: ${entry.reason}`);
  if (!storage || Object.keys(overrides).length === 0) return;
  const host = document.createElement('div');
  host.id = 'remote-overrides-banner';
  const header = document.getElementById('site-header');
  if (header) header.before(host);
  else document.body.prepend(host);
  const reset = () => {
    clearOverrides(storage);
    window.location.reload();
  };
  createRoot(host).render(<OverrideBanner overrides={overrides} onReset={reset} />);
}
