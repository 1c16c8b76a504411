import { PAGE_META } from '../src/content/page-meta';
import { describePageMeta } from '../../test-support/page-meta-checks';

// Defaults for the press releases' own pages and the pages of the list; each release's page takes
// its title, description and date from the release (page-data.test.ts).
describePageMeta('scorecard', PAGE_META, `${__dirname}/..`, ['/scorecard/news/:slug', '/scorecard/news/page/:page']);
