import { usePathname } from '../location';
import { Inbox } from './Inbox';
import type { SignedInProps } from './session';
import { SubmissionView } from './SubmissionView';

/** A submission's page in the console (notification emails link to it). */
export const SUBMISSION_PATH = /^\/team\/submissions\/([A-Za-z0-9]{1,64})\/?$/;

/** The inbox's pages: the list at /team, and each submission at /team/submissions/<id>. */
export function InboxPages(props: SignedInProps) {
  const submission = SUBMISSION_PATH.exec(usePathname())?.[1];
  return submission ? <SubmissionView id={submission} {...props} /> : <Inbox {...props} />;
}
