import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuplicateSubmissionError, EmbeddedStore } from '../src/store';

/**
 * A DATA_DIR as the NeDB-based versions left it (written by NeDB itself): append-only logs with
 * an index line, a document rewritten by an outbox step, an erased one ($$deleted), a session
 * touched after it was made, and a torn last line from a kill -9 during an append.
 */
const FIXTURE = path.join(__dirname, 'fixtures', 'nedb-data-dir');
const NEDB_FILES = [
  'assessments.db',
  'files.db',
  'reviews.db',
  'submissions.db',
  'team-audit.db',
  'team-sessions.db',
  'team-tokens.db',
];

let dataDir: string;
let stores: EmbeddedStore[];
const open = () => stores[stores.push(new EmbeddedStore(dataDir)) - 1]!;

beforeEach(async () => {
  stores = [];
  dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-nedb-import-')), 'data');
  await fs.cp(FIXTURE, dataDir, { recursive: true });
});
afterEach(async () => {
  for (const store of stores) await store.close();
  await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('a DATA_DIR of the NeDB-based versions', () => {
  it('is imported at start: every record as it was last written, nothing erased comes back', async () => {
    const store = open();
    await store.init();

    expect(await store.submissions.list()).toEqual([
      {
        id: '0Mq1k2AbCdEfGhIj',
        form: 'contact',
        variant: 'contactScorecard',
        page: '/contact-us',
        files: [],
        fields: {
          firstName: 'Élodie',
          lastName: 'Durand',
          email: 'Elodie.Durand@example.org',
          organization: 'Fire Safe Council',
          message: 'Hello',
        },
        receivedAt: new Date('2025-03-01T10:00:00.000Z'),
      },
      {
        id: '0Mq1k2AbCdEfGhIk',
        form: 'feedback',
        variant: 'feedback',
        page: 'feedback',
        fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
        files: [
          {
            id: '0123456789abcdef0123456789abcdef',
            name: 'a.pdf',
            contentType: 'application/pdf',
            size: 8,
            uploadedAt: new Date('2025-03-02T09:59:59.000Z'),
          },
        ],
        receivedAt: new Date('2025-03-02T10:00:00.000Z'),
      },
    ]);
    // The Idempotency-Keys stay unique across the upgrade: a retry of an old attempt is recognised.
    await expect(
      store.submissions.insert((await store.submissions.list())[0]!, {
        idempotency: { key: 'key-0001-0001-0001-000000000001', fingerprint: 'fp1' },
      }),
    ).rejects.toEqual(new DuplicateSubmissionError('0Mq1k2AbCdEfGhIj', true));

    // The outbox: the first notification was sent; the second was claimed by a process that died.
    expect(await store.outbox.stats()).toEqual({
      pending: 1,
      failed: 0,
      oldestPendingAt: new Date('2025-03-02T10:00:00.000Z'),
    });
    expect(await store.outbox.releaseLeases?.(new Date('2025-03-02T10:00:30.000Z'))).toBe(1);
    expect(await store.outbox.due(new Date('2025-03-02T10:00:30.000Z'), 10)).toEqual(['0Mq1k2AbCdEfGhIk']);

    const file = await store.files.open('0123456789abcdef0123456789abcdef');
    expect(file?.file).toEqual({
      id: '0123456789abcdef0123456789abcdef',
      name: 'a.pdf',
      contentType: 'application/pdf',
      size: 8,
      uploadedAt: new Date('2025-03-02T09:59:59.000Z'),
    });
    file?.stream.destroy();

    expect(await store.assessments.list()).toEqual([
      {
        id: '0Mq1k2AbCdEfGhIm',
        communityType: 'rural',
        country: 'US',
        zip: '94110',
        scores: { q1: 3, q2: 5 },
        scorecardVersion: '2025.1',
        receivedAt: new Date('2025-03-04T10:00:00.000Z'),
      },
    ]);
    expect((await store.reviews.get('0Mq1k2AbCdEfGhIk'))?.review).toEqual({
      status: 'in-progress',
      note: 'Called back',
      history: [
        {
          at: new Date('2025-03-05T10:00:00.000Z'),
          by: 'coordinator@example.org',
          status: { from: 'new', to: 'in-progress' },
          note: 'added',
        },
      ],
    });
    expect(await store.sessions.find('b'.repeat(64))).toEqual({
      tokenHash: 'b'.repeat(64),
      email: 'coordinator@example.org',
      csrfToken: 'csrf',
      createdAt: new Date('2025-03-05T09:00:00.000Z'),
      lastSeenAt: new Date('2025-03-05T10:00:00.000Z'),
    });
    expect(await store.sessions.takeSignInToken('a'.repeat(64), new Date('2025-03-05T10:00:00.000Z'))).toBe(
      'coordinator@example.org',
    );
    expect((await store.audit.page({ offset: 0, limit: 10 })).entries).toEqual([
      {
        id: '00aa11bb22cc33dd',
        at: new Date('2025-03-06T10:00:00.000Z'),
        by: 'coordinator@example.org',
        action: 'erase',
        counts: { submissions: 1, files: 0, assessments: 0 },
      },
    ]);
  });

  it('moves the old data files aside once imported, and imports nothing twice', async () => {
    await open().init();
    const names = await fs.readdir(dataDir);
    for (const name of NEDB_FILES) expect(names).not.toContain(name);
    expect((await fs.readdir(path.join(dataDir, 'nedb-imported'))).sort()).toEqual(NEDB_FILES);
    await stores[0]!.close();

    // As after a crash between the import's commit and the move: the files are there again.
    for (const name of NEDB_FILES) await fs.copyFile(path.join(FIXTURE, name), path.join(dataDir, name));
    const again = open();
    expect((await again.submissions.list()).map((row) => row.id)).toEqual(['0Mq1k2AbCdEfGhIj', '0Mq1k2AbCdEfGhIk']);
    expect(await again.assessments.list()).toHaveLength(1);
    expect((await again.audit.page({ offset: 0, limit: 10 })).total).toBe(1);
  });
});
