import { remoteFileUrl } from '../content/remote-files';
import { PRESENTATIONS_COPY } from '../content/presentations-page';
import { buttonClassName } from '@wpc/shared/ui';
import styles from './LinkButton.module.css';

/** The "View Presentation Slides" download; the caller renders it only when there are slides. */
export function SlidesLink({ file, presentedBy }: { readonly file: string; readonly presentedBy: string }) {
  return (
    <a className={buttonClassName('secondary', styles.cta)} href={remoteFileUrl(file)} download type="application/pdf">
      <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M8 2v8M4.5 6.5L8 10l3.5-3.5M2 13h12" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      {PRESENTATIONS_COPY.archive.slides}
      <span className="wpc-visually-hidden"> from {presentedBy} (PDF)</span>
    </a>
  );
}
