import { PAGE_META } from '../src/content/page-meta';
import { describePageMeta } from '../../test-support/page-meta-checks';

// '/404' stands for every path no area owns, '/forms' for the form pages (no scripts, not routes).
describePageMeta('shell', PAGE_META, `${__dirname}/..`, ['/404', '/forms']);
