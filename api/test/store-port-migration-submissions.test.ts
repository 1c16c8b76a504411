import fs from 'node:fs/promises';
import path from 'node:path';
import { DuplicateSubmissionError } from '../src/store';
import { useFixtureDataDir } from './helpers/fixture-data-dir';

// Issue 39: a DATA_DIR written by the embedded store of eeeec78 (the submissions, their outbox and
// the reviews in their own tables) opens with today's code and every row is read as written. It
// holds whichever of the three records moved onto the storage port since; the fixture and what it
// holds: fixtures/data-dir-eeeec78-submissions/README.md.

const fixture = useFixtureDataDir('data-dir-eeeec78-submissions');
const { opened } = fixture;

const rosa = {
  id: '0VcFlrv5rkk39Y3f',
  form: 'download',
  variant: 'download',
  fields: { firstName: 'Rosa', lastName: 'Parks', email: 'rosa@example.org', organization: 'Pines Trust' },
  files: [],
  page: '/resources',
  receivedAt: new Date('2026-11-20T10:00:00.000Z'),
};
const ada = {
  id: '0VcFlrv6TDBu6Qn5',
  form: 'contact',
  variant: 'contactScorecard',
  fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', message: 'Hello' },
  files: [
    {
      id: 'file-ada-1',
      name: 'map.pdf',
      contentType: 'application/pdf',
      size: 1234,
      uploadedAt: new Date('2026-11-20T10:59:59.000Z'),
    },
  ],
  page: '/contact-us',
  receivedAt: new Date('2026-11-20T11:00:00.000Z'),
};
/** A contact-form submission of the fixture without files. */
const contact = (id: string, fields: Record<string, string>, page: string | null, receivedAt: string) => ({
  id,
  form: 'contact',
  variant: 'contactScorecard',
  fields,
  files: [],
  page,
  receivedAt: new Date(receivedAt),
});
const bob = contact(
  '0VcFlrv6fM25B8Zg',
  { firstName: 'Bob', lastName: 'Marley', email: 'bob@example.org', message: 'Bounce' },
  null,
  '2026-11-20T12:00:00.000Z',
);
const grace = contact(
  '0VcFlrv6rSp9Pq4b',
  { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', message: 'No mail' },
  '/contact-us',
  '2026-11-20T13:00:00.000Z',
);

describe('submissions stored before the port', () => {
  it('are listed and found as written, their Idempotency-Key still taken', async () => {
    await opened(async (store) => {
      expect(await store.submissions.list()).toEqual([rosa, ada, bob, grace]);
      expect(await store.submissions.list({ form: 'download' })).toEqual([rosa]);
      expect(await store.submissions.findByEmail(' ROSA@example.org ')).toEqual([{ id: rosa.id, fileIds: [] }]);
      expect(await store.submissions.withFilesBefore(new Date('2026-11-21T00:00:00.000Z'), 10)).toEqual([
        { id: ada.id, fileIds: ['file-ada-1'] },
      ]);
      const repeat = { ...rosa, receivedAt: new Date('2026-11-27T12:00:00.000Z') } as Parameters<
        typeof store.submissions.insert
      >[0];
      await expect(
        store.submissions.insert(repeat, {
          idempotency: { key: 'c0ffee00-0000-4000-8000-000000000001', fingerprint: 'fp-rosa' },
        }),
      ).rejects.toEqual(new DuplicateSubmissionError(rosa.id, true));
    });
  });

  it('keep their notifications: the pending one is delivered once, the settled ones never again', async () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    await opened(async (store) => {
      expect(await store.outbox.stats()).toEqual({ pending: 1, oldestPendingAt: rosa.receivedAt, failed: 1 });
      expect(await store.outbox.due(now, 10)).toEqual([rosa.id]);
      expect(await store.outbox.claim(ada.id, 'lease-x', now, 60_000)).toBeNull();
      expect(await store.outbox.claim(bob.id, 'lease-x', now, 60_000)).toBeNull();
      expect(await store.outbox.claim(grace.id, 'lease-x', now, 60_000)).toBeNull();
      const claimed = await store.outbox.claim(rosa.id, 'lease-1', now, 60_000);
      expect(claimed).toMatchObject({
        submission: rosa,
        notification: { status: 'pending', attempts: 1, messageId: '<sub-pend@wpc.test>' },
        lease: 'lease-1',
      });
      expect(await store.outbox.markSent(rosa.id, 'lease-1', now)).toBe(true);
    });
    await opened(async (store) => {
      expect(await store.outbox.due(new Date('2026-12-27T12:00:00.000Z'), 10)).toEqual([]);
      expect(await store.outbox.stats()).toEqual({ pending: 0, oldestPendingAt: null, failed: 1 });
    });
  });

  it('keep their reviews, read joined with them in the inbox', async () => {
    await opened(async (store) => {
      expect(await store.reviews.get(ada.id)).toEqual({
        ...ada,
        review: {
          status: 'in-progress',
          note: 'Called back',
          history: [
            {
              at: new Date('2026-11-22T09:00:00.000Z'),
              by: 'editor@example.org',
              status: { from: 'new', to: 'in-progress' },
              note: 'added',
            },
          ],
        },
      });
      expect(await store.reviews.get(grace.id)).toEqual({ ...grace, review: { status: 'new', note: '', history: [] } });
      const page = await store.reviews.inbox({ status: 'in-progress', offset: 0, limit: 10 });
      expect(page.rows.map((row) => row.id)).toEqual([ada.id]);
      expect(page.total).toBe(1);
    });
  });

  it('keep a review of two changes, filtered by status, and its history goes on after it', async () => {
    const bobReview = {
      status: 'done',
      note: 'Wrote by post',
      history: [
        {
          at: new Date('2026-11-23T09:00:00.000Z'),
          by: 'editor@example.org',
          status: { from: 'new', to: 'done' },
          note: 'added',
        },
        { at: new Date('2026-11-23T10:00:00.000Z'), by: 'admin@example.org', note: 'changed' },
      ],
    };
    await opened(async (store) => {
      const page = await store.reviews.inbox({ offset: 0, limit: 10 });
      expect(page.rows.map((row) => [row.id, row.review.status])).toEqual([
        [grace.id, 'new'],
        [bob.id, 'done'],
        [ada.id, 'in-progress'],
        [rosa.id, 'new'],
      ]);
      expect(page.rows[1]).toEqual({ ...bob, review: bobReview });
      expect(page.counts).toMatchObject({ contact: 3, download: 1 });
      const fresh = await store.reviews.inbox({ status: 'new', offset: 0, limit: 10 });
      expect(fresh.rows.map((row) => row.id)).toEqual([grace.id, rosa.id]);
      const done = await store.reviews.inbox({ status: 'done', form: 'contact', offset: 0, limit: 10 });
      expect(done.rows.map((row) => row.id)).toEqual([bob.id]);
      expect(done.counts).toMatchObject({ contact: 1, download: 0 });
      const at = new Date('2026-11-27T12:00:00.000Z');
      await store.reviews.update(bob.id, { status: 'in-progress' }, 'editor@example.org', at);
    });
    await opened(async (store) => {
      expect((await store.reviews.get(bob.id))?.review).toEqual({
        ...bobReview,
        status: 'in-progress',
        history: [
          ...bobReview.history,
          {
            at: new Date('2026-11-27T12:00:00.000Z'),
            by: 'editor@example.org',
            status: { from: 'done', to: 'in-progress' },
          },
        ],
      });
      await store.reviews.remove([bob.id]);
      expect((await store.reviews.get(bob.id))?.review).toEqual({ status: 'new', note: '', history: [] });
    });
    expect(fixture.tables()).not.toContain('reviews__legacy');
  });

  it('are erased with no byte of them left in the file', async () => {
    const file = path.join(fixture.dir(), 'store.sqlite');
    await opened(async () => undefined);
    expect((await fs.readFile(file)).includes(Buffer.from('Pines Trust'))).toBe(true);
    await opened(async (store) => expect(await store.submissions.remove([rosa.id])).toBe(1));
    await opened(async (store) => {
      expect(await store.submissions.list()).toEqual([ada, bob, grace]);
      expect(await store.outbox.stats()).toEqual({ pending: 0, oldestPendingAt: null, failed: 1 });
    });
    expect((await fs.readFile(file)).includes(Buffer.from('Pines Trust'))).toBe(false);
  });
});
