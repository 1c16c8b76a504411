import type { Store } from '../store';
import { eraseSubscriber } from '../updates/subscribers';
import type { ErasureCounts } from '../records/audit';

/**
 * Erases a person: every submission sent with this email address (any case), its files and its
 * review, and its subscriptions to updates (only a hash of the address stays, suppressed);
 * answers how many (the route's audit entry says who erased how many, never whose). Files first,
 * then reviews and subscriptions, then the submissions: a failure part-way leaves the submissions in place, so
 * erasing again finds and finishes the rest. Each step is one bounded store call; the whole
 * erasure is not held to one call's deadline.
 */
export async function erasePerson(
  store: Pick<
    Store,
    'submissions' | 'files' | 'reviews' | 'subscriptions' | 'confirmations' | 'suppressions' | 'deliveries'
  >,
  email: string,
  at: Date,
): Promise<ErasureCounts> {
  const found = await store.submissions.findByEmail(email);
  const ids = found.map((submission) => submission.id);
  const fileIds = found.flatMap((submission) => submission.fileIds);
  for (const fileId of fileIds) await store.files.delete(fileId);
  await store.reviews.remove(ids);
  // Its subscriptions and consent records go too; the address's hash stays on the suppression list.
  await eraseSubscriber(store, email, at);
  // Last: on the embedded store this empties the write-ahead log into the database file, where
  // deleted rows are zeroed, so it must follow every other step (a deleted page still in the log
  // leaves its older copy, with the person in it, in the file).
  const submissions = await store.submissions.remove(ids);
  // Shared self-assessments carry no email address (anonymous by design): none can be attributed.
  return { submissions, files: fileIds.length, assessments: 0 };
}
