import { contactSubmission, recordContract } from '../helpers/record-suite';

const BY = 'coordinator@example.org';
const AT = new Date('2025-04-01T09:00:00.000Z');

recordContract('review record', (store) => {
  it('starts every submission as new, and records each change in the history', async () => {
    const { id } = await store().submissions.insert(contactSubmission('2025-03-01T10:00:00Z'));
    expect((await store().reviews.get(id))?.review).toEqual({ status: 'new', note: '', history: [] });
    expect(await store().reviews.get('0123456789abcdef01234567')).toBeNull();
    expect(await store().reviews.update('nosuchid00000000', { status: 'done' }, BY, AT)).toBeNull();

    await store().reviews.update(id, { status: 'in-progress', note: 'Called' }, BY, AT);
    const after = await store().reviews.update(id, { note: '' }, BY, new Date(AT.getTime() + 1000));
    expect(after?.review).toEqual({
      status: 'in-progress',
      note: '',
      history: [
        { at: AT, by: BY, status: { from: 'new', to: 'in-progress' }, note: 'added' },
        { at: new Date(AT.getTime() + 1000), by: BY, note: 'removed' },
      ],
    });
    expect((await store().reviews.get(id))?.review).toEqual(after?.review);
    expect(after).toMatchObject({ id, form: 'contact', fields: { firstName: 'Ada' } });
  });

  it('keeps every one of 20 changes made at once, the first review of the submission among them', async () => {
    const { id } = await store().submissions.insert(contactSubmission('2025-03-01T10:00:00Z'));
    const notes = Array.from({ length: 20 }, (_, index) => `Note ${index}`);
    const answers = await Promise.all(
      notes.map((note, index) => store().reviews.update(id, { note }, `member${index}@example.org`, AT)),
    );
    expect(answers.every((answer) => answer !== null)).toBe(true);
    const { review } = (await store().reviews.get(id))!;
    expect(review.history).toHaveLength(20);
    expect(new Set(review.history.map((change) => change.by)).size).toBe(20);
    // One note was added, then changed 19 times, in whichever order the writes landed.
    expect(review.history.map((change) => change.note)).toEqual(['added', ...Array<string>(19).fill('changed')]);
    expect(notes).toContain(review.note);
    // On FerretDB each lost race costs a few round trips (4 s alone on a two-core machine).
  }, 60_000);

  it('pages the inbox newest first, filtered by status, dates and words in any case, with counts per kind', async () => {
    const old = await store().submissions.insert(contactSubmission('2025-03-01T10:00:00Z', { firstName: 'Élodie' }));
    const mid = await store().submissions.insert(
      contactSubmission('2025-03-02T10:00:00Z', { organization: 'Fire Safe Council' }),
    );
    const recent = await store().submissions.insert({
      ...contactSubmission('2025-03-03T10:00:00Z'),
      form: 'notifyme',
      variant: 'notify',
    });
    await store().reviews.update(mid.id, { status: 'done' }, BY, AT);

    const all = await store().reviews.inbox({ offset: 0, limit: 2 });
    expect(all.rows.map((row) => row.id)).toEqual([recent.id, mid.id]);
    expect(all.total).toBe(3);
    expect(all.counts).toMatchObject({ contact: 2, notifyme: 1, download: 0 });
    expect((await store().reviews.inbox({ offset: 2, limit: 2 })).rows.map((row) => row.id)).toEqual([old.id]);

    const newOnes = await store().reviews.inbox({ offset: 0, limit: 10, status: 'new' });
    expect(newOnes.rows.map((row) => row.id)).toEqual([recent.id, old.id]);
    const contacts = await store().reviews.inbox({ offset: 0, limit: 10, form: 'contact' });
    expect(contacts.rows.map((row) => row.id)).toEqual([mid.id, old.id]);
    // The counts ignore the form filter, so the team sees what the other kinds hold.
    expect(contacts.counts).toMatchObject({ contact: 2, notifyme: 1 });
    const words = await store().reviews.inbox({ offset: 0, limit: 10, search: 'ÉLODIE lovelace' });
    expect(words.rows.map((row) => row.id)).toEqual([old.id]);
    expect(
      (await store().reviews.inbox({ offset: 0, limit: 10, search: 'safe council' })).rows.map((row) => row.id),
    ).toEqual([mid.id]);
    const dated = await store().reviews.inbox({
      offset: 0,
      limit: 10,
      from: new Date('2025-03-02T00:00:00Z'),
      to: new Date('2025-03-03T00:00:00Z'),
    });
    expect(dated.rows.map((row) => row.id)).toEqual([mid.id]);

    const streamed = [];
    for await (const row of store().reviews.stream({ status: 'new' })) streamed.push(row.id);
    expect(streamed).toEqual([recent.id, old.id]);

    await store().reviews.remove([mid.id]);
    expect((await store().reviews.get(mid.id))?.review.status).toBe('new');
  });
});
