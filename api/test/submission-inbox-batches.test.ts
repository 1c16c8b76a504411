import type { InboxCursor, InboxSubmissionFilter, StoredSubmission } from '../src/store';
import { contactSubmission, recordContract } from './helpers/record-suite';

// The inbox's export and the console read the submissions a batch at a time after a cursor
// (SubmissionRepository.inboxBatch): newest first by receivedAt, then id, with no row twice or
// left out, also where several rows share the cursor's instant and beside every filter.
recordContract('submission inbox batches after a cursor', (store) => {
  const instants = ['10:00', '10:00', '10:00', '11:00', '11:00', '12:00', '13:00'];

  async function inserted(): Promise<StoredSubmission[]> {
    const rows: StoredSubmission[] = [];
    for (const [index, at] of instants.entries()) {
      const kind = index % 2 === 0 ? {} : { form: 'sponsor' as const, variant: 'sponsor' as const };
      const submission = { ...contactSubmission(`2026-03-01T${at}:00.000Z`, { lastName: `L${index}` }), ...kind };
      rows.push(await store().submissions.insert(submission));
    }
    return rows;
  }

  const newestFirst = (rows: readonly StoredSubmission[]) =>
    [...rows]
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((row) => row.id);

  async function batched(filter: InboxSubmissionFilter, size: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: InboxCursor | undefined;
    for (;;) {
      const rows = await store().submissions.inboxBatch(filter, cursor, size);
      ids.push(...rows.map((row) => row.id));
      if (rows.length < size) return ids;
      cursor = rows[rows.length - 1];
    }
  }

  it('reads every row once, newest first, in batches of any size', async () => {
    const rows = await inserted();
    for (const size of [1, 2, 3, 7]) expect(await batched({}, size)).toEqual(newestFirst(rows));
  });

  it('keeps the filter beside the cursor: kind, dates and ids', async () => {
    const rows = await inserted();
    const sponsors = rows.filter((row) => row.form === 'sponsor');
    expect(await batched({ form: 'sponsor' }, 1)).toEqual(newestFirst(sponsors));
    const from = new Date('2026-03-01T10:00:00.000Z');
    const to = new Date('2026-03-01T12:00:00.000Z');
    const dated = rows.filter((row) => row.receivedAt >= from && row.receivedAt < to);
    expect(await batched({ from, to }, 2)).toEqual(newestFirst(dated));
    const some = [rows[0]!.id, rows[1]!.id, rows[4]!.id];
    expect(await batched({ only: some }, 1)).toEqual(newestFirst(rows.filter((row) => some.includes(row.id))));
    expect(await batched({ except: some }, 2)).toEqual(newestFirst(rows.filter((row) => !some.includes(row.id))));
    expect(await batched({ only: [rows[2]!.id] }, 1)).toEqual([rows[2]!.id]);
  });
});
