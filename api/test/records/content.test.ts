import type { StoredEntry } from '../../src/store';
import { recordContract } from '../helpers/record-suite';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));

const release = (id: string, title: string): StoredEntry => ({
  area: 'scorecard',
  type: 'pressRelease',
  id,
  draft: { slug: id, data: { title } },
  version: 1,
  published: null,
  scheduled: null,
  createdAt: at(0),
  createdBy: 'lead@example.org',
  updatedAt: at(0),
  updatedBy: 'lead@example.org',
});

recordContract('content entry record', (store) => {
  it('creates an entry once: a second create with its id changes nothing', async () => {
    const entries = store().contentEntries;
    expect(await entries.create(release('spring', 'Spring'), 'seed')).toBe(true);
    expect(await entries.create(release('spring', 'Other'), 'seed')).toBe(false);
    expect(await entries.find('scorecard', 'spring')).toEqual(release('spring', 'Spring'));
    expect(await entries.find('showcase', 'spring')).toBeNull();
    expect(await entries.versions('scorecard', 'spring')).toEqual([
      { version: 1, action: 'seed', at: at(0), by: 'lead@example.org', slug: 'spring', data: { title: 'Spring' } },
    ]);
  });

  it('changes an entry only at the version it was read at, each change a version of its history', async () => {
    const entries = store().contentEntries;
    await entries.create(release('spring', 'Spring'), 'create');
    const saved = await entries.update('scorecard', 'spring', 1, {
      draft: { slug: 'spring', data: { title: 'Spring 2026' } },
      action: 'save',
      at: at(1),
      by: 'partner@example.org',
    });
    expect(saved).toMatchObject({
      version: 2,
      draft: { data: { title: 'Spring 2026' } },
      updatedBy: 'partner@example.org',
    });
    // A second editor still on version 1 is refused, and the first one's text stays.
    const stale = await entries.update('scorecard', 'spring', 1, {
      draft: { slug: 'spring', data: { title: 'Lost?' } },
      action: 'save',
      at: at(2),
      by: 'lead@example.org',
    });
    expect(stale).toBeNull();
    const published = await entries.update('scorecard', 'spring', 2, {
      published: { slug: 'spring', data: { title: 'Spring 2026' }, publishedAt: at(3), updatedAt: at(3), version: 2 },
      action: 'publish',
      at: at(3),
      by: 'lead@example.org',
    });
    expect(published?.published).toEqual({
      slug: 'spring',
      data: { title: 'Spring 2026' },
      publishedAt: at(3),
      updatedAt: at(3),
      version: 2,
    });
    expect(await entries.find('scorecard', 'spring')).toEqual(published);
    expect(
      (await entries.versions('scorecard', 'spring')).map((v) => [v.version, v.action, v.by, v.data.title]),
    ).toEqual([
      [3, 'publish', 'lead@example.org', 'Spring 2026'],
      [2, 'save', 'partner@example.org', 'Spring 2026'],
      [1, 'create', 'lead@example.org', 'Spring'],
    ]);
    expect(await entries.update('scorecard', 'gone', 1, { action: 'save', at: at(4), by: 'x@example.org' })).toBeNull();
  });

  it('lists an area oldest first and finds scheduled publishes once due', async () => {
    const entries = store().contentEntries;
    await entries.create(release('first', 'First'), 'create');
    await entries.create({ ...release('second', 'Second'), createdAt: at(1) }, 'create');
    await entries.create({ ...release('elsewhere', 'Map'), area: 'map', type: 'organisation' }, 'create');
    expect((await entries.list('scorecard')).map((entry) => entry.id)).toEqual(['first', 'second']);
    await entries.update('scorecard', 'second', 1, {
      scheduled: { slug: 'second', data: { title: 'Second' }, at: at(30), version: 1, by: 'lead@example.org' },
      action: 'schedule',
      at: at(2),
      by: 'lead@example.org',
    });
    expect(await entries.due(at(29))).toEqual([]);
    expect((await entries.due(at(30))).map((entry) => [entry.id, entry.scheduled?.at])).toEqual([['second', at(30)]]);
    await entries.update('scorecard', 'second', 2, {
      scheduled: null,
      action: 'unpublish',
      at: at(3),
      by: 'lead@example.org',
    });
    expect(await entries.due(at(31))).toEqual([]);
  });
});

recordContract('content revision record', (store) => {
  it('starts each area at revision 0 of an epoch of its own and counts up; marks the seed loaded', async () => {
    const revisions = store().contentRevisions;
    const first = await revisions.current('scorecard');
    expect(first).toMatch(/^[A-Za-z0-9_-]+\.0$/);
    expect(await revisions.current('scorecard')).toBe(first);
    const epoch = first.split('.')[0];
    expect(await revisions.bump('scorecard')).toBe(`${epoch}.1`);
    expect(await revisions.bump('scorecard')).toBe(`${epoch}.2`);
    expect(await revisions.current('scorecard')).toBe(`${epoch}.2`);
    expect(await revisions.current('map')).not.toBe(first);
    expect(await revisions.seededAt('scorecard')).toBeNull();
    await revisions.markSeeded('scorecard', at(5));
    expect(await revisions.seededAt('scorecard')).toEqual(at(5));
    expect(await revisions.seededAt('home')).toBeNull();
  });
});

recordContract('content preview record', (store) => {
  it('finds a draft by its token hash until it expires, and sweeps the expired', async () => {
    const previews = store().contentPreviews;
    const draft = { area: 'showcase' as const, type: 'session', id: 's1', slug: 's1', data: { title: 'Draft' } };
    await previews.add('hash-one', draft, at(10));
    await previews.add('hash-two', { ...draft, id: 's2' }, at(20));
    expect(await previews.find('hash-one', at(9))).toEqual(draft);
    expect(await previews.find('hash-one', at(10))).toBeNull();
    expect(await previews.find('unknown', at(0))).toBeNull();
    await previews.sweep(at(15));
    expect(await previews.find('hash-one', at(0))).toBeNull();
    expect(await previews.find('hash-two', at(15))).toMatchObject({ id: 's2' });
  });
});
