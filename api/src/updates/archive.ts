import { archiveBase, archivePaths } from '@wpc/shared/updates/archive';
import type { Store } from '../store';
import { renderBody } from './render';
import type { Update } from '../records/updates';

type ArchiveStore = Pick<Store, 'updates'>;

/** A sent update as the public archive shows it. */
export interface ArchivedUpdate {
  readonly update: Update & { readonly startedAt: Date };
  /** Its own page, `/updates/<date>-<slug>`. */
  readonly path: string;
}

/** How much of the text the list, the page's description and the feed's summary show. */
const SUMMARY_CHARS = 200;

/** The first words of the body as plain text: Markdown's marks dropped, whitespace made single. */
export function summaryOf(update: Pick<Update, 'body'>): string {
  const text = renderBody(update.body)
    .text.replace(/[*_`~]+/g, '')
    .replace(/^[#>\s]+|\n[#>\s]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= SUMMARY_CHARS) return text;
  const cut = text.slice(0, SUMMARY_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_CHARS / 2))}…`;
}

const sent = (update: Update): update is Update & { startedAt: Date } => update.startedAt !== null;

/** Every sent update with its address (withdrawn ones kept: they hold their addresses), newest first. */
async function addressed(store: ArchiveStore): Promise<ArchivedUpdate[]> {
  const updates = (await store.updates.published()).filter(sent);
  const paths = archivePaths(updates.map((update) => ({ ...update, sentAt: update.startedAt })));
  return updates.map((update) => ({ update, path: paths.get(update.id)! }));
}

/** The public archive: every sent update the team has not withdrawn, newest first. */
export async function archive(store: ArchiveStore): Promise<ArchivedUpdate[]> {
  return (await addressed(store)).filter(({ update }) => !update.withdrawnAt);
}

/** Every sent update's address by its id (withdrawn ones too). */
export async function addresses(store: ArchiveStore): Promise<Map<string, string>> {
  return new Map((await addressed(store)).map(({ update, path }) => [update.id, path]));
}

/**
 * The address an update's email links to: its page once sending started, else the one it would
 * have if sent at `now` (a preview or a test send).
 */
export async function archivePathOf(store: ArchiveStore, update: Update, now: Date): Promise<string> {
  const path = update.startedAt ? (await addresses(store)).get(update.id) : undefined;
  return path ?? archiveBase(now, update.subject);
}
