import { PAGE_META } from '../src/content/page-meta';
import { describePageMeta } from '../../test-support/page-meta-checks';

describePageMeta('map', PAGE_META, `${__dirname}/..`);
