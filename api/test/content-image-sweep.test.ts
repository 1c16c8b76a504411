import type { StoredEntry } from '../src/store';
import { unusedContentImagesJob } from '../src/content/image-sweep';
import { HOUSEKEEPING } from '../src/uploads/retention';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';

// Issue 28: an image uploaded for content and named by nothing a page or a restore can show is
// deleted once CONTENT_IMAGES_UNUSED_DAYS have passed; one any version names is kept.

const NOW = new Date('2027-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const WIDTHS = [64, 160];
const EDITOR = 'presenter.desk@showcase-partner.test';

const avatar = (id: string) => ({ id, alt: `Portrait ${id}`, width: 400, height: 400 });
const session = (id: string, photo: string | null): StoredEntry => ({
  area: 'showcase',
  type: 'session',
  id,
  draft: {
    slug: id,
    data: { title: `Session ${id}`, presenters: [{ name: 'Ana Ruiz', ...(photo ? { avatar: avatar(photo) } : {}) }] },
  },
  version: 1,
  published: null,
  scheduled: null,
  createdAt: daysAgo(90),
  createdBy: EDITOR,
  updatedAt: daysAgo(90),
  updatedBy: EDITOR,
});

for (const storeCase of storeCases) {
  describeStore(storeCase, 'unused content image sweep', () => {
    const h = useHarness(storeCase);

    async function upload(id: string, days: number) {
      await h.store.contentImages.save({
        id,
        width: 400,
        height: 400,
        uploadedBy: EDITOR,
        uploadedAt: daysAgo(days),
        files: WIDTHS.map((name) => ({ name, file: { width: name, bytes: Buffer.from(`${id} at ${name}`) } })),
      });
    }
    const stored = async (id: string) =>
      (await Promise.all(WIDTHS.map((width) => h.store.contentImages.file(id, width)))).every(Boolean);
    const gone = async (id: string) =>
      (await Promise.all(WIDTHS.map((width) => h.store.contentImages.file(id, width)))).every((file) => file === null);
    const sweeps = async () =>
      (await h.store.audit.page({ offset: 0, limit: 10, actions: ['content-images-sweep'] })).entries;

    it('deletes an image nothing names after the retention, keeps every image a draft, a publish, a schedule or an old version names, and audits how many', async () => {
      for (const id of [
        'inDraft',
        'published',
        'scheduled',
        'onlyInHistory',
        'byAddress',
        'abandoned',
        'alsoAbandoned',
      ])
        await upload(id, 60);
      await upload('recentUnused', 29);
      const entries = h.store.contentEntries;

      await entries.create(session('draft-only', 'inDraft'), 'create');

      // Published with one photo, then the draft moved on to another: the page still shows the first.
      await entries.create(session('live', 'published'), 'create');
      const live = session('live', 'published');
      await entries.update('showcase', 'live', 1, {
        published: { ...live.draft, publishedAt: daysAgo(50), updatedAt: daysAgo(50), version: 1 },
        action: 'publish',
        at: daysAgo(50),
        by: EDITOR,
      });
      await entries.update('showcase', 'live', 2, {
        draft: session('live', null).draft,
        action: 'save',
        at: daysAgo(40),
        by: EDITOR,
      });

      // A publish waiting for its time names a photo the draft no longer does.
      await entries.create(session('later', null), 'create');
      await entries.update('showcase', 'later', 1, {
        scheduled: { ...session('later', 'scheduled').draft, at: daysAgo(-5), version: 1, by: EDITOR },
        action: 'schedule',
        at: daysAgo(45),
        by: EDITOR,
      });

      // A photo only a past version names: nothing shows it, but Restore brings it back.
      await entries.create(session('replaced', 'onlyInHistory'), 'create');
      await entries.update('showcase', 'replaced', 1, {
        draft: session('replaced', null).draft,
        action: 'save',
        at: daysAgo(35),
        by: EDITOR,
      });

      // Named by its address in another area's text rather than as an image value.
      await entries.create(
        {
          ...session('news', null),
          area: 'scorecard',
          type: 'pressRelease',
          draft: { slug: 'news', data: { body: 'See [the photo](/api/content/images/byAddress/160.webp).' } },
        },
        'create',
      );

      await unusedContentImagesJob(h.store, 30).run(NOW);

      for (const id of ['abandoned', 'alsoAbandoned']) expect(await gone(id)).toBe(true);
      for (const id of ['inDraft', 'published', 'scheduled', 'onlyInHistory', 'byAddress', 'recentUnused'])
        expect({ id, stored: await stored(id) }).toEqual({ id, stored: true });
      expect(await sweeps()).toEqual([
        expect.objectContaining({
          at: NOW,
          by: HOUSEKEEPING,
          action: 'content-images-sweep',
          counts: { images: 2 },
        }),
      ]);

      // A second run finds nothing more and records nothing; once past its days the recent one goes too.
      await unusedContentImagesJob(h.store, 30).run(NOW);
      expect(await sweeps()).toHaveLength(1);
      await unusedContentImagesJob(h.store, 30).run(new Date(NOW.getTime() + 2 * DAY));
      expect(await gone('recentUnused')).toBe(true);
      expect((await sweeps())[0]).toMatchObject({ counts: { images: 1 } });
      expect(await stored('onlyInHistory')).toBe(true);
    });

    it('follows its setting: with 90 days an image unused for 60 stays', async () => {
      await upload('abandoned', 60);
      await unusedContentImagesJob(h.store, 90).run(NOW);
      expect(await stored('abandoned')).toBe(true);
      expect(await sweeps()).toEqual([]);
    });
  });
}
