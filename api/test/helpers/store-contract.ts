import { Readable } from 'node:stream';
import {
  DuplicateSubmissionError,
  UnknownCursorError,
  type NewSubmission,
  type StoredSubmission,
  type Store,
} from '../../src/store';
import { freshStorePerTest, type StoreCase, type TestStore } from './stores';
import { person } from './fixtures';
import { allRows } from './rows';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function submission(overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    form: 'download',
    variant: 'download',
    fields: {
      ...person,
      zipCode: '94110',
      subscribe: true,
      pilot: false,
    },
    files: [],
    page: '/scorecard',
    receivedAt: new Date('2025-03-01T10:00:00.000Z'),
    ...overrides,
  };
}

/** Streams that fail part-way, as an aborted upload does. */
function failingSource(): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(64 * 1024, 1));
      } else {
        this.destroy(new Error('connection reset'));
      }
    },
  });
}

/** The behaviour every Store adapter must have. */
export function storeContract(storeCase: StoreCase): void {
  let testStore: TestStore;
  let store: Store;
  freshStorePerTest(storeCase, (opened) => {
    testStore = opened;
    store = opened.store;
  });

  it('says which kind of store it is', () => {
    expect(store.kind).toBe(storeCase.name);
    expect(store.description).not.toMatch(/password|:[^/@]*@/i);
  });

  it('can be initialised more than once', async () => {
    await expect(store.init()).resolves.toBeUndefined();
  });

  it('stores a submission and returns it as a plain object with an id', async () => {
    const saved = await store.submissions.insert(submission());
    expect(typeof saved.id).toBe('string');
    expect(saved).toEqual({ id: saved.id, ...submission() });
    const [listed] = await store.submissions.list();
    expect(listed).toEqual(saved);
    expect(listed?.receivedAt).toBeInstanceOf(Date);
    expect(Object.getPrototypeOf(listed)).toBe(Object.prototype);
  });

  it('does not change the object it was given', async () => {
    const input = submission();
    const copy = structuredClone(input);
    await store.submissions.insert(input);
    expect(input).toEqual(copy);
  });

  it('lists oldest first and filters by form and by date', async () => {
    await store.submissions.insert(submission({ receivedAt: new Date('2025-03-03T00:00:00Z') }));
    await store.submissions.insert(
      submission({ form: 'contact', variant: 'contactScorecard', receivedAt: new Date('2025-03-02T00:00:00Z') }),
    );
    await store.submissions.insert(submission({ receivedAt: new Date('2025-03-01T00:00:00Z') }));

    const all = await store.submissions.list();
    expect(all.map((s) => s.receivedAt.toISOString())).toEqual([
      '2025-03-01T00:00:00.000Z',
      '2025-03-02T00:00:00.000Z',
      '2025-03-03T00:00:00.000Z',
    ]);
    expect((await store.submissions.list({ form: 'download' })).map((s) => s.form)).toEqual(['download', 'download']);
    const recent = await store.submissions.list({ since: new Date('2025-03-02T00:00:00Z') });
    expect(recent.map((s) => s.form)).toEqual(['contact', 'download']);
    expect(await store.submissions.list({ form: 'contact', since: new Date('2025-03-03T00:00:00Z') })).toEqual([]);
    expect(await store.submissions.list({ form: 'sponsor' })).toEqual([]);
  });

  it('keeps an idempotency key unique: a repeat stores nothing and names the first', async () => {
    const tag = { key: 'c0ffee00-0000-4000-8000-000000000001', fingerprint: 'same' };
    const first = await store.submissions.insert(submission(), { idempotency: tag });
    await expect(store.submissions.insert(submission({ page: '/again' }), { idempotency: tag })).rejects.toEqual(
      new DuplicateSubmissionError(first.id, true),
    );
    const reused = await store.submissions
      .insert(submission(), { idempotency: { ...tag, fingerprint: 'other' } })
      .catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(DuplicateSubmissionError);
    expect(reused).toMatchObject({ existingId: first.id, sameRequest: false });
    // Submissions without a key never collide with each other.
    await store.submissions.insert(submission());
    await store.submissions.insert(submission());
    const stored = await store.submissions.list();
    expect(stored).toHaveLength(3);
    expect(stored.find((row) => row.id === first.id)).toEqual(first);
    expect(Object.keys(stored[0]!)).not.toContain('idempotencyKey');
  });

  it('streams in (receivedAt, id) order, with a row limit and a resume cursor', async () => {
    const times = ['2025-03-02', '2025-03-01', '2025-03-02', '2025-03-03', '2025-03-02', '2025-03-01'];
    for (const [index, day] of times.entries()) {
      await store.submissions.insert(
        submission({
          page: `/p${index}`,
          form: index === 3 ? 'contact' : 'download',
          receivedAt: new Date(`${day}T00:00:00Z`),
        }),
      );
    }
    const all = await allRows(store.submissions.stream());
    expect(all).toHaveLength(6);
    const order = [...all].sort(
      (a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(all.map((row) => row.id)).toEqual(order.map((row) => row.id));
    expect(all).toEqual(await store.submissions.list());

    // Pages of two, each resuming after the last id of the one before, add up to the whole.
    const pages: StoredSubmission[][] = [];
    let after: string | undefined;
    for (;;) {
      const page = await allRows(store.submissions.stream({ limit: 2, after }));
      if (page.length === 0) break;
      pages.push(page);
      after = page.at(-1)!.id;
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2]);
    expect(pages.flat()).toEqual(all);

    const downloadsSince = await allRows(
      store.submissions.stream({ form: 'download', since: new Date('2025-03-02T00:00:00Z'), after: all[2]!.id }),
    );
    expect(downloadsSince.map((row) => row.id)).toEqual(
      all
        .slice(3)
        .filter((row) => row.form === 'download')
        .map((row) => row.id),
    );
    await expect(allRows(store.submissions.stream({ after: 'nosuchid00000000' }))).rejects.toBeInstanceOf(
      UnknownCursorError,
    );
    await expect(allRows(store.submissions.stream({ after: '0123456789abcdef01234567' }))).rejects.toBeInstanceOf(
      UnknownCursorError,
    );
  });

  it('streams a file in and out unchanged, across several chunks', async () => {
    const bytes = Buffer.alloc(1024 * 1024 + 123);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
    const saved = await store.files.save(Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]), {
      name: 'scorecard.pdf',
      contentType: 'application/pdf',
    });
    expect(saved).toMatchObject({ name: 'scorecard.pdf', contentType: 'application/pdf', size: bytes.length });
    expect(saved.uploadedAt).toBeInstanceOf(Date);

    const opened = await store.files.open(saved.id);
    expect(opened?.file).toMatchObject({
      id: saved.id,
      name: 'scorecard.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
    });
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
    expect((await store.files.list()).map((file) => file.id)).toEqual([saved.id]);
  });

  it('keeps file metadata with the submission', async () => {
    const file = await store.files.save(Readable.from([Buffer.from('%PDF-1.4')]), {
      name: 'a.pdf',
      contentType: 'application/pdf',
    });
    const saved = await store.submissions.insert(
      submission({ form: 'feedback', variant: 'feedback', files: [file], page: 'feedback' }),
    );
    const [listed] = await store.submissions.list({ form: 'feedback' });
    expect(listed?.files).toEqual([file]);
    expect(listed?.id).toBe(saved.id);
  });

  it('deletes files and answers null for unknown or malformed ids', async () => {
    const saved = await store.files.save(Readable.from([Buffer.from('hello')]), {
      name: 'a.png',
      contentType: 'image/png',
    });
    await store.files.delete(saved.id);
    expect(await store.files.open(saved.id)).toBeNull();
    expect(await store.files.list()).toEqual([]);
    await expect(store.files.delete(saved.id)).resolves.toBeUndefined();
    for (const id of [
      '',
      '../../etc/passwd',
      'x'.repeat(24),
      '0'.repeat(24),
      '0'.repeat(32),
      { $ne: null } as unknown as string,
    ]) {
      expect(await store.files.open(id)).toBeNull();
    }
  });

  it('leaves nothing behind when the source stream fails', async () => {
    await expect(store.files.save(failingSource(), { name: 'a.pdf', contentType: 'application/pdf' })).rejects.toThrow(
      'connection reset',
    );
    expect(await store.files.list()).toEqual([]);
  });

  it('keeps its data when reopened, as after a restart', async () => {
    const file = await store.files.save(Readable.from([Buffer.from('persisted')]), {
      name: 'p.pdf',
      contentType: 'application/pdf',
    });
    const saved = await store.submissions.insert(submission({ files: [file] }));
    await store.close();
    const again = testStore.reopen();
    await again.init();
    expect(await again.submissions.list()).toEqual([saved]);
    const opened = await again.files.open(file.id);
    expect((await readAll(opened!.stream)).toString()).toBe('persisted');
  });

  it('reports itself healthy', async () => {
    await expect(store.health()).resolves.toEqual({ ok: true });
  });
}
