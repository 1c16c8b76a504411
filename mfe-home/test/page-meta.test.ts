import { PAGE_META } from '../src/content/page-meta';
import { describePageMeta } from '../../test-support/page-meta-checks';

describePageMeta('home', PAGE_META, `${__dirname}/..`);
