import { SHOWCASE_SETTINGS } from '../src/settings/showcase-settings';
import { SPEC_SHOWCASE_DAYS } from '../../test-support/spec/public-web';
import { PAGE_META } from '../src/content/page-meta';
import { showcaseEvents, type PresentationsPageData } from '../src/content/page-data';
import { SHOWCASE } from './seed';
import { describePageMeta } from '../../test-support/page-meta-checks';

describePageMeta('showcase', PAGE_META, `${__dirname}/..`);

describe('showcase events', () => {
  it('add an announced showcase that is not in the archive yet', () => {
    const { summaries } = SHOWCASE.pageAt('/showcase/presentations').data as PresentationsPageData;
    const events = showcaseEvents(summaries, {
      ...SHOWCASE_SETTINGS,
      registration: 'open',
      nextEventStartsAt: '2026-03-04T12:00:00-08:00',
    });
    expect(events.map((event) => event.startDate).at(-1)).toBe('2026-03-04T12:00:00-08:00');
    expect(events).toHaveLength(SPEC_SHOWCASE_DAYS.length + 1);
  });
});
