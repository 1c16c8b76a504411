import styles from './IconLinks.module.css';

export type IconName = 'windows' | 'mac' | 'linux';

/** An icon item of a card (spec §3): title, aria label and which icon to draw. */
export interface IconLinkItem {
  readonly title: string;
  readonly ariaLabel: string;
  readonly icon: IconName;
  readonly href: string;
}

const PATHS: Readonly<Record<IconName, string>> = {
  windows: 'M3 5.5 10.5 4.5v7H3zM11.5 4.4 21 3v8.5h-9.5zM3 12.5h7.5v7L3 18.5zM11.5 12.5H21V21l-9.5-1.4z',
  mac: 'M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3z',
  linux:
    'M12 2c-2.2 0-3.6 1.9-3.6 4.6 0 1.6-.7 2.7-1.8 4.2C5.3 12.6 4.5 14.7 5 16.6c-.8.4-1.6 1.1-1.3 2 .3.8 1.5.7 2.3 1.3.9.7 1.6 1.6 2.8 1.3.7-.2 1.1-.8 1.2-1.3h4c.1.5.5 1.1 1.2 1.3 1.2.3 1.9-.6 2.8-1.3.8-.6 2-.5 2.3-1.3.3-.9-.5-1.6-1.3-2 .5-1.9-.3-4-1.6-5.8-1.1-1.5-1.8-2.6-1.8-4.2C15.6 3.9 14.2 2 12 2zm-1.6 3.7c.4 0 .7.5.7 1.1s-.3 1.1-.7 1.1-.7-.5-.7-1.1.3-1.1.7-1.1zm3.2 0c.4 0 .7.5.7 1.1s-.3 1.1-.7 1.1-.7-.5-.7-1.1.3-1.1.7-1.1zM12 8.8c.9 0 2 .5 2 .9s-1.1 1-2 1-2-.6-2-1 1.1-.9 2-.9z',
};

/** Free tools that open the scorecard zip on each platform. */
export const ZIP_TOOLS: readonly IconLinkItem[] = [
  {
    title: 'Windows',
    ariaLabel: 'Zip extraction tool for Windows: 7-Zip (opens in a new tab)',
    icon: 'windows',
    href: 'https://www.7-zip.org/',
  },
  {
    title: 'Mac',
    ariaLabel: 'Zip extraction tool for Mac: The Unarchiver (opens in a new tab)',
    icon: 'mac',
    href: 'https://theunarchiver.com/',
  },
  {
    title: 'Linux',
    ariaLabel: 'Zip extraction tool for Linux: PeaZip (opens in a new tab)',
    icon: 'linux',
    href: 'https://peazip.github.io/',
  },
];

export interface IconLinksProps {
  readonly items: readonly IconLinkItem[];
  readonly label?: string;
}

/** A row of external icon links, each named by its aria label. */
export function IconLinks({ items, label }: IconLinksProps) {
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.href}>
          <a
            className={styles.link}
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={item.ariaLabel}
            title={item.title}
          >
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={PATHS[item.icon]} fill="currentColor" />
            </svg>
            <span className={styles.text}>{item.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Links to zip-extraction tools for Windows, Mac and Linux. */
export function ZipToolLinks() {
  return <IconLinks items={ZIP_TOOLS} label="Tools to open the zip file" />;
}
