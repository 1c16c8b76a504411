/**
 * What the share box says and where it sends, once for both boxes: the React one (ShareDialog,
 * loaded when idle) and the page's early script (shared/build/early-controls.cjs), which reads
 * this from the Share button's data-early-share attribute until the page's scripts have run.
 */
export const SHARE_TEXT = {
  copied: 'Link copied to clipboard!',
  title: 'Share this page',
  notCopied: 'Your browser did not let us copy the link. Select it below to copy it yourself.',
  with: 'Share it with:',
  close: 'Close',
} as const;

const SUBJECT = 'Worth a look: wildfire prevention';

/** Each target's address, with {url} and {subject} standing for the encoded page address and subject. */
const SHARE_TARGETS = [
  { label: 'Facebook', href: 'https://www.facebook.com/sharer/sharer.php?u={url}' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/sharing/share-offsite/?url={url}' },
  { label: 'Gmail', href: 'https://mail.google.com/mail/?view=cm&fs=1&su={subject}&body={url}' },
  { label: 'Outlook', href: 'https://outlook.live.com/mail/0/deeplink/compose?subject={subject}&body={url}' },
  { label: 'WhatsApp', href: 'https://wa.me/?text={url}' },
] as const;

export function shareLinks(url: string): ReadonlyArray<{ readonly label: string; readonly href: string }> {
  return SHARE_TARGETS.map(({ label, href }) => ({
    label,
    href: href.replace('{url}', encodeURIComponent(url)).replace('{subject}', encodeURIComponent(SUBJECT)),
  }));
}

/** The Share button's data-early-share attribute: the early script fills in {url} as shareLinks does. */
export const EARLY_SHARE = JSON.stringify({
  text: SHARE_TEXT,
  targets: SHARE_TARGETS.map(({ label, href }) => ({
    label,
    href: href.replace('{subject}', encodeURIComponent(SUBJECT)),
  })),
});
