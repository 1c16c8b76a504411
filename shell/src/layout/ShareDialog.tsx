import { Dialog } from '@wpc/shared/ui';
import { SHARE_TEXT, shareLinks } from './share-box';
import styles from './ShareDialog.module.css';

export interface ShareDialogProps {
  readonly url: string;
  readonly copied: boolean;
  readonly onClose: () => void;
}

export default function ShareDialog({ url, copied, onClose }: ShareDialogProps) {
  return (
    <Dialog
      open
      title={copied ? SHARE_TEXT.copied : SHARE_TEXT.title}
      onClose={onClose}
      closeLinkLabel={SHARE_TEXT.close}
    >
      {!copied && <p>{SHARE_TEXT.notCopied}</p>}
      <p className={styles.url}>{url}</p>
      <p>{SHARE_TEXT.with}</p>
      <ul className={styles.list}>
        {shareLinks(url).map((link) => (
          <li key={link.label}>
            <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
