/**
 * Every remote polls every area once a second, and each poll first asks for the schedules that are
 * due. Those polls must share one look at the store, and a look stands for a second unless the
 * API's clock was moved (issue 28: scheduled publishing on a MongoDB-wire server with many entries).
 */
import type { ContentEntryRepository } from '../src/records/content-entries';
import type { ContentModels } from '../src/content/models';
import { Publishing } from '../src/content/publishing';
import type { ContentRevisionRepository } from '../src/records/content-revisions';

function publishingWithCountedLooks(clock: () => Date) {
  const looks: Date[] = [];
  const entries = {
    due: async (now: Date) => {
      looks.push(now);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [];
    },
  } as unknown as ContentEntryRepository;
  const revisions = { current: async () => 'r1', bump: async () => undefined } as unknown as ContentRevisionRepository;
  const publishing = new Publishing({ entries, revisions, models: {} as ContentModels, clock });
  return { publishing, looks };
}

describe('looking for due schedules', () => {
  it('lets polls at the same moment share one look, and a look stand for a second', async () => {
    const { publishing, looks } = publishingWithCountedLooks(() => new Date());
    const revisions = await Promise.all(
      ['scorecard', 'showcase', 'map', 'home'].map((area) => publishing.revision(area as never)),
    );
    expect(revisions).toEqual(['r1', 'r1', 'r1', 'r1']);
    expect(looks).toHaveLength(1);
    await publishing.revision('scorecard');
    expect(looks).toHaveLength(1);
  });

  it('looks again at once when the clock was moved', async () => {
    let offsetMs = 0;
    const { publishing, looks } = publishingWithCountedLooks(() => new Date(Date.now() + offsetMs));
    await publishing.revision('scorecard');
    offsetMs = 24 * 60 * 60_000;
    await publishing.revision('scorecard');
    expect(looks).toHaveLength(2);
    expect(looks[1]!.getTime() - looks[0]!.getTime()).toBeGreaterThanOrEqual(offsetMs);
  });

  it('looks again once a second has passed, not before', async () => {
    // Time itself is stepped (Date.now, which the interval is measured on, and the API's clock
    // with it, so the clock is not "moved"), not slept through.
    let now = Date.parse('2026-11-27T12:00:00.000Z');
    const realTime = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { publishing, looks } = publishingWithCountedLooks(() => new Date(now));
      await publishing.revision('scorecard');
      now += 999;
      await publishing.revision('scorecard');
      expect(looks).toHaveLength(1);
      now += 1;
      await publishing.revision('scorecard');
      expect(looks).toHaveLength(2);
    } finally {
      realTime.mockRestore();
    }
  });
});
