import fs from 'node:fs/promises';
import path from 'node:path';
import { allRows } from './helpers/rows';
import { EmbeddedSnapshot } from '../src/store';
import { useFixtureDataDir } from './helpers/fixture-data-dir';

// Issue 39: a DATA_DIR written by the embedded store before the storage port (commit 9b8a9f2)
// opens with the new code, each record's table migrated into the port's shape on open. The
// fixture and what it holds: fixtures/data-dir-9b8a9f2/README.md.

const NOW = new Date('2026-11-27T12:00:00.000Z');

const fixture = useFixtureDataDir('data-dir-9b8a9f2');
const { opened, tables } = fixture;

it('answers the previews stored before the port, and keeps the expired one expired', async () => {
  await opened(async (store) => {
    expect(await store.contentPreviews.find('hash-kept', NOW)).toEqual({ area: 'news', id: 'n1', title: 'Kept' });
    expect(await store.contentPreviews.find('hash-expired', NOW)).toBeNull();
  });
  expect(tables().filter((name) => name.endsWith('__legacy'))).toEqual([]);
});

it('opens a migrated DATA_DIR again as it is, with what was written since', async () => {
  await opened((store) =>
    store.contentPreviews.add('hash-new', { area: 'news', id: 'n3' } as never, new Date('2099-01-01T00:00:00.000Z')),
  );
  await opened(async (store) => {
    expect(await store.contentPreviews.find('hash-kept', NOW)).toEqual({ area: 'news', id: 'n1', title: 'Kept' });
    expect(await store.contentPreviews.find('hash-new', NOW)).toEqual({ area: 'news', id: 'n3' });
  });
});

it('answers the members stored before the port', async () => {
  const at = new Date('2026-11-20T10:00:00.000Z');
  const editor = {
    email: 'editor@example.org',
    roles: ['updates'],
    addedAt: at,
    addedBy: 'admin@example.org',
    changedAt: at,
    changedBy: 'admin@example.org',
  };
  await opened(async (store) => {
    expect(await store.members.find('editor@example.org')).toEqual(editor);
    expect(await store.members.list()).toEqual([editor]);
  });
});

it('answers the audit entries stored before the port, newest first, absent fields absent', async () => {
  await opened(async (store) => {
    expect(await store.audit.page({ offset: 0, limit: 10 })).toEqual({
      total: 2,
      entries: [
        {
          id: 'c115cbd198c3ab66',
          at: new Date('2026-11-20T11:00:00.000Z'),
          by: 'admin@example.org',
          action: 'erase',
          counts: { submissions: 1, files: 0, assessments: 0 },
        },
        {
          id: '49717be36f38f561',
          at: new Date('2026-11-20T10:00:00.000Z'),
          by: 'admin@example.org',
          action: 'member-add',
          target: 'editor@example.org',
          detail: 'roles updates',
        },
      ],
    });
    expect((await store.audit.page({ offset: 0, limit: 10, actions: ['erase'] })).total).toBe(1);
  });
  expect(tables()).not.toContain('audit_log');
});

it('answers the suppressions stored before the port, and counts them', async () => {
  await opened(async (store) => {
    expect(await store.suppressions.get('suppressed-hash')).toEqual({
      id: 'suppressed-hash',
      reason: 'bounced',
      at: new Date('2026-11-20T10:00:00.000Z'),
    });
    expect(await store.suppressions.among(['suppressed-hash', 'other-hash'])).toEqual(new Set(['suppressed-hash']));
    expect(await store.suppressions.count()).toBe(1);
    await store.suppressions.add({ id: 'new-hash', reason: 'left', at: NOW });
    expect(await store.suppressions.count()).toBe(2);
  });
  await opened(async (store) => expect(await store.suppressions.count()).toBe(2));
});

const SHARED_RESULTS = [
  {
    id: '0VcDzhSW5yaWI4Mi',
    communityType: 'tribal',
    country: 'NZ',
    zip: '3010',
    scores: { q1: 1, q2: 2, q3: 3 },
    scorecardVersion: '02-20-24',
    receivedAt: new Date('2026-11-20T10:00:00.000Z'),
  },
  {
    id: '0VcDzhSYQ3D71200',
    communityType: 'rural',
    country: 'US',
    zip: null,
    scores: { q1: 2, q2: 3, q3: 4 },
    scorecardVersion: '02-20-24',
    receivedAt: new Date('2026-11-21T10:00:00.000Z'),
  },
];

it('answers the shared results stored before the port, and knows their Idempotency-Keys', async () => {
  await opened(async (store) => {
    expect(await store.assessments.list()).toEqual(SHARED_RESULTS);
    expect(await allRows(store.assessments.stream({ after: '0VcDzhSW5yaWI4Mi' }))).toEqual([SHARED_RESULTS[1]]);
    const repeat = { ...SHARED_RESULTS[0]!, receivedAt: NOW };
    await expect(
      store.assessments.insert(repeat, { idempotency: { key: 'shared-key-1', fingerprint: 'fp-1' } }),
    ).rejects.toMatchObject({ existingId: '0VcDzhSYQ3D71200', sameRequest: true });
  });
  expect(tables()).not.toContain('assessments__legacy');
});

it('exports the shared results of a DATA_DIR no API has opened since, leaving its file as it was', async () => {
  const file = path.join(fixture.dir(), 'store.sqlite');
  const before = await fs.readFile(file);
  const snapshot = new EmbeddedSnapshot(fixture.dir());
  try {
    expect(await allRows(snapshot.assessments.stream())).toEqual(SHARED_RESULTS);
  } finally {
    await snapshot.close();
  }
  expect((await fs.readFile(file)).equals(before)).toBe(true);
});

it('answers the updates stored before the port: the list, the archive and the due work', async () => {
  const written = {
    body: 'The 2027 **Scorecard** opens in March.',
    list: 'scorecard',
    createdBy: 'editor@example.org',
    fromRelease: null,
  };
  const sent = {
    ...written,
    id: '0VcDzhSZupdSent1',
    subject: 'Sent',
    state: 'sent',
    createdAt: new Date('2026-11-20T09:00:00.000Z'),
    scheduledAt: null,
    startedAt: new Date('2026-11-20T10:00:00.000Z'),
    finishedAt: new Date('2026-11-20T10:05:00.000Z'),
    withdrawnAt: null,
    fannedOut: true,
    version: 3,
  };
  const scheduled = {
    ...written,
    id: '0VcDzhSZupdSched',
    subject: 'Scheduled',
    state: 'scheduled',
    createdAt: new Date('2026-11-21T09:00:00.000Z'),
    scheduledAt: new Date('2026-11-27T08:00:00.000Z'),
    startedAt: null,
    finishedAt: null,
    fannedOut: false,
    version: 1,
  };
  await opened(async (store) => {
    expect(await store.updates.list()).toEqual([scheduled, sent]);
    expect(await store.updates.published()).toEqual([sent]);
    expect(await store.updates.due(NOW)).toEqual([scheduled]);
    const paused = await store.updates.change(scheduled.id, (current) => ({ ...current, state: 'paused' }));
    expect(paused).toEqual({ ...scheduled, state: 'paused', version: 2 });
  });
  await opened(async (store) => expect(await store.updates.get(scheduled.id)).toMatchObject({ state: 'paused' }));
  expect(tables()).not.toContain('updates__legacy');
});

it("answers the areas' revisions and seed markers stored before the port", async () => {
  await opened(async (store) => {
    expect(await store.contentRevisions.current('home')).toBe('KrLifSJj.1');
    expect(await store.contentRevisions.seededAt('home')).toEqual(new Date('2026-11-20T10:00:00.000Z'));
    expect(await store.contentRevisions.bump('home')).toBe('KrLifSJj.2');
  });
  await opened(async (store) => expect(await store.contentRevisions.current('home')).toBe('KrLifSJj.2'));
  expect(tables()).not.toContain('content_areas__legacy');
});

// A DATA_DIR written by daf0fdc's embedded store, the last before the content entries moved onto
// the port: what it holds, fixtures/data-dir-daf0fdc-content/README.md.
describe('a DATA_DIR with content written before the port', () => {
  beforeEach(async () => {
    await fs.rm(fixture.dir(), { recursive: true, force: true });
    await fs.cp(path.join(__dirname, 'fixtures', 'data-dir-daf0fdc-content'), fixture.dir(), { recursive: true });
    await fs.rm(path.join(fixture.dir(), 'README.md'));
  });

  const at = (iso: string) => new Date(iso);
  const release = {
    area: 'scorecard',
    type: 'pressRelease',
    createdBy: 'editor@example.org',
    published: null,
    scheduled: null,
  };
  const spring = {
    ...release,
    id: 'spring',
    draft: { slug: 'spring', data: { title: 'Spring 2026' } },
    version: 3,
    published: {
      slug: 'spring',
      data: { title: 'Spring 2026' },
      publishedAt: at('2026-11-20T10:10:00.000Z'),
      updatedAt: at('2026-11-20T10:10:00.000Z'),
      version: 2,
    },
    createdAt: at('2026-11-20T10:00:00.000Z'),
    updatedAt: at('2026-11-20T10:10:00.000Z'),
    updatedBy: 'admin@example.org',
  };
  const autumn = {
    ...release,
    id: 'autumn',
    draft: { slug: 'autumn', data: { title: 'Autumn' } },
    version: 2,
    scheduled: {
      slug: 'autumn',
      data: { title: 'Autumn' },
      at: at('2026-11-27T08:00:00.000Z'),
      version: 1,
      by: 'editor@example.org',
    },
    createdAt: at('2026-11-21T10:00:00.000Z'),
    updatedAt: at('2026-11-21T10:05:00.000Z'),
    updatedBy: 'editor@example.org',
  };
  const history = (by: string, title: string) => ({ by, slug: 'spring', data: { title } });

  it('answers the entries, their histories and the due schedule', async () => {
    await opened(async (store) => {
      expect(await store.contentEntries.list('scorecard')).toEqual([spring, autumn]);
      expect(await store.contentEntries.find('scorecard', 'autumn')).toEqual(autumn);
      expect(await store.contentEntries.versions('scorecard', 'spring')).toEqual([
        {
          version: 3,
          action: 'publish',
          at: at('2026-11-20T10:10:00.000Z'),
          ...history('admin@example.org', 'Spring 2026'),
        },
        {
          version: 2,
          action: 'save',
          at: at('2026-11-20T10:05:00.000Z'),
          ...history('editor@example.org', 'Spring 2026'),
        },
        {
          version: 1,
          action: 'create',
          at: at('2026-11-20T10:00:00.000Z'),
          ...history('editor@example.org', 'Spring'),
        },
      ]);
      expect((await store.contentEntries.versions('scorecard', 'autumn')).map((v) => v.action)).toEqual([
        'schedule',
        'create',
      ]);
      expect(await store.contentEntries.due(NOW)).toEqual([autumn]);
      expect(await store.contentEntries.due(at('2026-11-27T07:59:00.000Z'))).toEqual([]);
    });
    expect(tables()).not.toContain('content_versions');
    expect(tables()).not.toContain('content_entries__legacy');
  });

  it('changes a migrated entry at its version, its history kept, and opens it again', async () => {
    await opened(async (store) => {
      const saved = await store.contentEntries.update('scorecard', 'spring', 3, {
        draft: { slug: 'spring', data: { title: 'Spring 2027' } },
        action: 'save',
        at: NOW,
        by: 'editor@example.org',
      });
      expect(saved).toEqual({
        ...spring,
        draft: { slug: 'spring', data: { title: 'Spring 2027' } },
        version: 4,
        updatedAt: NOW,
        updatedBy: 'editor@example.org',
      });
    });
    await opened(async (store) => {
      expect((await store.contentEntries.find('scorecard', 'spring'))?.version).toBe(4);
      expect((await store.contentEntries.versions('scorecard', 'spring')).map((v) => v.version)).toEqual([4, 3, 2, 1]);
    });
  });
});
