import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { DATABASE_FILE } from '../../src/db/sqlite';
import { EmbeddedStore } from '../../src/store';
import { recordContract } from '../helpers/record-suite';

const day = (n: number) => new Date(Date.UTC(2025, 2, n));

recordContract('audit record', (store) => {
  it('keeps entries newest first, each with an id of its own, and what it was given only', async () => {
    const counts = { submissions: 2, files: 1, assessments: 0 };
    const first = await store().audit.add({ at: day(1), by: 'a@example.org', action: 'erase', counts });
    const second = await store().audit.add({
      at: day(2),
      by: 'b@example.org',
      action: 'member-add',
      target: 'partner@example.org',
      detail: 'roles content:showcase',
    });
    const third = await store().audit.add({ at: day(3), by: 'a@example.org', action: 'sign-in' });
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    const { entries, total } = await store().audit.page({ offset: 0, limit: 10 });
    expect(total).toBe(3);
    expect(entries).toEqual([third, second, first]);
    // Absent fields stay absent on both backends.
    expect(entries[0]).toEqual({ id: third.id, at: day(3), by: 'a@example.org', action: 'sign-in' });
    expect(entries[2]).toEqual({ id: first.id, at: day(1), by: 'a@example.org', action: 'erase', counts });
  });

  it('pages, and filters by action', async () => {
    for (let n = 1; n <= 7; n += 1) {
      await store().audit.add({ at: day(n), by: 'a@example.org', action: n % 2 === 0 ? 'export' : 'sign-in' });
    }
    const page = await store().audit.page({ offset: 2, limit: 2 });
    expect(page.total).toBe(7);
    expect(page.entries.map((entry) => entry.at)).toEqual([day(5), day(4)]);
    const exports = await store().audit.page({ offset: 0, limit: 10, actions: ['export'] });
    expect(exports.total).toBe(3);
    expect(exports.entries.map((entry) => entry.at)).toEqual([day(6), day(4), day(2)]);
    expect((await store().audit.page({ offset: 0, limit: 10, actions: [] })).total).toBe(0);
  });

  it('deletes the entries older than the retention, and only those', async () => {
    for (let n = 1; n <= 5; n += 1) await store().audit.add({ at: day(n), by: 'a@example.org', action: 'sign-in' });
    expect(await store().audit.sweep(day(3))).toBe(2);
    expect((await store().audit.page({ offset: 0, limit: 10 })).entries.map((entry) => entry.at)).toEqual([
      day(5),
      day(4),
      day(3),
    ]);
  });
});

describe('audit record [embedded], from the first SQLite version', () => {
  it('moves the erasures of its `audit` table into the log at start', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-audit-'));
    try {
      const db = new Sqlite(path.join(dataDir, DATABASE_FILE));
      db.exec(
        'CREATE TABLE audit (id TEXT PRIMARY KEY, at INTEGER NOT NULL, by TEXT NOT NULL, action TEXT NOT NULL, counts TEXT NOT NULL) STRICT',
      );
      db.prepare('INSERT INTO audit VALUES (?, ?, ?, ?, ?)').run(
        'old1',
        day(1).getTime(),
        'a@example.org',
        'erase',
        JSON.stringify({ submissions: 1, files: 0, assessments: 0 }),
      );
      db.close();
      const store = new EmbeddedStore(dataDir);
      try {
        expect((await store.audit.page({ offset: 0, limit: 10 })).entries).toEqual([
          {
            id: 'old1',
            at: day(1),
            by: 'a@example.org',
            action: 'erase',
            counts: { submissions: 1, files: 0, assessments: 0 },
          },
        ]);
      } finally {
        await store.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
