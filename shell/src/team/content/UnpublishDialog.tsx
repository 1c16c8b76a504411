import { Button, Dialog } from '@wpc/shared/ui';
import type { EntryReferrer } from './api';
import styles from './ContentEditor.module.css';

/**
 * Asked before an entry others name leaves the site (issue 38 item 3): the API answered 409 with
 * who names it. Those entries stay published; the site shows them without this one.
 */
export function UnpublishDialog({
  referencedBy,
  onConfirm,
  onCancel,
}: {
  readonly referencedBy: readonly EntryReferrer[] | undefined;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const count = referencedBy?.length ?? 0;
  return (
    <Dialog open={count > 0} onClose={onCancel} title="Unpublish an entry others name?">
      <p>
        {count === 1 ? 'This published entry names' : `These ${count} published entries name`} the one you are
        unpublishing. They stay on the site, without it: a session without its showcase is not shown at all.
      </p>
      <ul>
        {referencedBy?.map((referrer) => (
          <li key={`${referrer.area}/${referrer.id}`}>
            <a href={`/team/content/${referrer.area}/${referrer.id}`} target="_blank" rel="noopener noreferrer">
              {referrer.title}
            </a>{' '}
            ({referrer.area}, {referrer.type}; opens in a new tab)
          </li>
        ))}
      </ul>
      <div className={styles.tools}>
        <Button onClick={onConfirm}>Unpublish anyway</Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep it published
        </Button>
      </div>
    </Dialog>
  );
}
