import { Dialog } from '@wpc/shared/ui';
import styles from './ShareDialog.module.css';

export interface ShareDialogProps {
  readonly url: string;
  readonly copied: boolean;
  readonly onClose: () => void;
}

export function shareLinks(url: string): ReadonlyArray<{ readonly label: string; readonly href: string }> {
  const page = encodeURIComponent(url);
  const subject = encodeURIComponent('Worth a look: wildfire prevention');
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${page}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${page}` },
    { label: 'Gmail', href: `https://mail.google.com/mail/?view=cm&fs=1&su=${subject}&body=${page}` },
    { label: 'Outlook', href: `https://outlook.live.com/mail/0/deeplink/compose?subject=${subject}&body=${page}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${page}` },
  ];
}

export default function ShareDialog({ url, copied, onClose }: ShareDialogProps) {
  return (
    <Dialog
      open
      title={copied ? 'Link copied to clipboard!' : 'Share this page'}
      onClose={onClose}
      closeLinkLabel="Close"
    >
      {!copied && <p>Your browser did not let us copy the link. Select it below to copy it yourself.</p>}
      <p className={styles.url}>{url}</p>
      <p>Share it with:</p>
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
